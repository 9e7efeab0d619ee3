import Diagnostics
import Foundation
@testable import Project
@testable import Watch
import XCTest

final class WatchLoopTests: XCTestCase {
    /// Collects what the loop reports; touched only on the loop's thread.
    private final class Recorder: @unchecked Sendable {
        var changes: [ChangeSet] = []
        var rootCalls = 0
    }

    private func makeFolder() throws -> WatchFolder {
        let folder = try WatchFolder()
        try folder.write("dataconnect.yaml", "serviceId: s\n")
        try folder.write("connector/connector.yaml", "connectorId: c\n")
        try folder.write("connector/q.gql", "query Q { as { x } }\n")
        return folder
    }

    func testOneRegenerationPerBurstWithAnInjectedClock() throws {
        let folder = try makeFolder()
        let recorder = Recorder()
        let loop = WatchLoop(debounce: 100, roots: {
            recorder.rootCalls += 1
            return WatchRoots(directories: [folder.url("connector")], files: [folder.url("dataconnect.yaml")])
        }, onChange: { recorder.changes.append($0) })
        loop.start()
        XCTAssertEqual(loop.watchedFileCount, 3)

        try folder.write("connector/q.gql", "query Q { as { x y } }\n")
        XCTAssertNil(loop.poll(at: 1_000))
        try folder.write("connector/r.gql", "query R { as { x } }\n")
        XCTAssertNil(loop.poll(at: 1_050))
        XCTAssertNil(loop.poll(at: 1_100))
        let fired = loop.poll(at: 1_150)
        XCTAssertEqual(fired, ChangeSet([folder.url("connector/q.gql"): .modified, folder.url("connector/r.gql"): .added]))
        XCTAssertEqual(recorder.changes.count, 1)
        XCTAssertNil(loop.poll(at: 5_000))
        XCTAssertEqual(recorder.changes.count, 1)
        XCTAssertEqual(recorder.rootCalls, 1)
    }

    func testOwnOutputInsideAConnectorFolderDoesNotRetrigger() throws {
        let folder = try makeFolder()
        let recorder = Recorder()
        let loop = WatchLoop(debounce: 0, roots: {
            WatchRoots(directories: [folder.url("connector")], excluded: [folder.url("connector/out/Pkg")])
        }, onChange: { changes in
            recorder.changes.append(changes)
            // What a regeneration writes: generated files, some with watched extensions.
            try? folder.write("connector/out/Pkg/Sources/Ops.swift", "// \(changes.paths.count)\n")
            try? folder.write("connector/out/Pkg/schema.graphql", "// \(changes.paths.count)\n")
        })
        loop.start()
        try folder.write("connector/q.gql", "query Q2 { as { x } }\n")
        XCTAssertNotNil(loop.poll(at: 0))
        XCTAssertNil(loop.poll(at: 10))
        XCTAssertNil(loop.poll(at: 20))
        XCTAssertEqual(recorder.changes.count, 1)
    }

    func testConfigurationChangeRecomputesTheRoots() throws {
        let folder = try makeFolder()
        try folder.write("connector2/q.gql", "query Other { as { x } }\n")
        let recorder = Recorder()
        let loop = WatchLoop(debounce: 0, roots: {
            recorder.rootCalls += 1
            // The configuration names the connector folders, as dataconnect.yaml's connectorDirs would.
            let text = (try? String(contentsOfFile: folder.url("dataconnect.yaml"), encoding: .utf8)) ?? ""
            let directories = text.contains("connector2") ? [folder.url("connector"), folder.url("connector2")] : [folder.url("connector")]
            return WatchRoots(directories: directories, files: [folder.url("dataconnect.yaml")])
        }, onChange: { recorder.changes.append($0) })
        loop.start()
        XCTAssertEqual(loop.watchedFileCount, 3)

        try folder.write("dataconnect.yaml", "serviceId: s\nconnectorDirs: [connector, connector2]\n")
        let changes = loop.poll(at: 0)
        XCTAssertEqual(changes?.configurationChanged, true)
        XCTAssertEqual(recorder.rootCalls, 2)
        XCTAssertEqual(loop.watchedFileCount, 4)
        // The newly watched folder's existing files were taken in silently; its edits are seen.
        XCTAssertNil(loop.poll(at: 10))
        try folder.write("connector2/q.gql", "query Other2 { as { x } }\n")
        XCTAssertEqual(loop.poll(at: 20)?.modified, [folder.url("connector2/q.gql")])
    }

    func testRunReturnsWhenCancelled() throws {
        let folder = try makeFolder()
        let cancellation = WatchCancellation()
        cancellation.cancel()
        let loop = WatchLoop(interval: 60_000, cancellation: cancellation, roots: { WatchRoots(directories: [folder.path]) }, onChange: { _ in })
        loop.run()
        XCTAssertTrue(loop.cancellation.isCancelled)
    }

    func testSignalStopsTheRunLoop() throws {
        let folder = try makeFolder()
        // SIGUSR2 stands in for SIGINT/SIGTERM; it is raised once the trap is installed (roots are
        // computed after that), and the long interval shows that the signal wakes the sleeping loop.
        let loop = WatchLoop(interval: 600_000, roots: {
            kill(getpid(), SIGUSR2)
            return WatchRoots(directories: [folder.path])
        }, onChange: { _ in })
        loop.run(stoppingOn: [SIGUSR2])
        XCTAssertTrue(loop.cancellation.isCancelled)
    }

    func testRootsOfAProjectExcludeItsPackages() {
        let config = SourceFile(path: "/p/dataconnect.yaml", text: "")
        let connectorFile = SourceFile(path: "/p/app/connector.yaml", text: "")
        let span = SourceSpan(file: connectorFile, range: nil)
        let connector = Connector(
            directory: "/p/app", declaration: ConfigPath(path: "./app", span: span), configFile: connectorFile,
            config: ConnectorConfig(connectorId: "app", connectorIdSpan: span,
                                    swiftSDKs: [SwiftSDKConfig(outputDir: "../gen", package: "AppSDK", span: span)]),
            files: []
        )
        let project = Project(
            directory: "/p", configFile: config,
            config: DataConnectConfig(serviceId: "s", location: nil,
                                      schemas: [ConfigPath(path: "./schema", span: span)],
                                      connectorDirs: [ConfigPath(path: "./app", span: span)]),
            schemaFiles: [], connectors: [connector]
        )
        let roots = WatchRoots(project: project)
        XCTAssertEqual(roots.directories, ["/p/schema", "/p/app"])
        XCTAssertEqual(roots.files, ["/p/dataconnect.yaml", "/p/app/connector.yaml"])
        XCTAssertEqual(roots.excluded, ["/p/gen/AppSDK"])
    }
}

extension WatchLoopTests {
    func testPendingEditIsPolledAgainAfterTheQuietPeriodNotTheInterval() throws {
        let folder = try makeFolder()
        let loop = WatchLoop(interval: 300, debounce: 25, roots: {
            WatchRoots(directories: [folder.url("connector")], files: [folder.url("dataconnect.yaml")])
        }, onChange: { _ in })
        loop.start()
        XCTAssertEqual(loop.nextPollDelay, 300)
        try folder.write("connector/q.gql", "query Q { as { x y } }\n")
        XCTAssertNil(loop.poll(at: 1_000))
        XCTAssertEqual(loop.nextPollDelay, 25)
        XCTAssertNotNil(loop.poll(at: 1_025))
        XCTAssertEqual(loop.nextPollDelay, 300)
    }
}

/// Issue #21 item 6: no error, and no folder that vanishes for a while, shrinks what is watched.
/// The roots come from the real project loader, as in `generate --watch`.
extension WatchLoopTests {
    private func loadedProject() throws -> (WatchFolder, WatchLoop, Recorder) {
        let folder = try WatchFolder()
        try folder.write("dataconnect.yaml", "serviceId: s\nschema:\n  source: ./schema\nconnectorDirs: [./connector]\n")
        try folder.write("schema/schema.gql", "type A @table { x: Int }\n")
        try folder.write("connector/connector.yaml", "connectorId: c\n")
        try folder.write("connector/q.gql", "query Q { as { x } }\n")
        let recorder = Recorder()
        let loop = WatchLoop(debounce: 0, roots: {
            recorder.rootCalls += 1
            return ProjectLoader.load(directory: folder.path).project.map(WatchRoots.init(project:)) ?? .fallback(projectDirectory: folder.path)
        }, onChange: { recorder.changes.append($0) })
        loop.start()
        XCTAssertEqual(loop.watchedFileCount, 4)
        return (folder, loop, recorder)
    }

    func testBrokenConnectorConfigurationStaysWatchedUntilFixed() throws {
        let (folder, loop, recorder) = try loadedProject()
        try folder.write("connector/connector.yaml", "connectorId: [c\n")
        XCTAssertEqual(loop.poll(at: 0)?.modified, [folder.url("connector/connector.yaml")])
        XCTAssertEqual(recorder.rootCalls, 2)
        XCTAssertEqual(loop.watchedFileCount, 4, "the connector whose configuration failed to load is still watched")

        try folder.write("connector/connector.yaml", "connectorId: c\n")
        XCTAssertEqual(loop.poll(at: 10)?.modified, [folder.url("connector/connector.yaml")])
        try folder.write("connector/q.gql", "query Q { as { x } }\nquery R { as { x } }\n")
        XCTAssertEqual(loop.poll(at: 20)?.modified, [folder.url("connector/q.gql")])
        XCTAssertEqual(recorder.changes.count, 3)
    }

    func testBrokenProjectConfigurationFallsBackAndRecovers() throws {
        let (folder, loop, recorder) = try loadedProject()
        try folder.write("dataconnect.yaml", "serviceId: [s\n")
        XCTAssertEqual(loop.poll(at: 0)?.modified, [folder.url("dataconnect.yaml")])
        try folder.write("dataconnect.yaml", "serviceId: s\nschema:\n  source: ./schema\nconnectorDirs: [./connector]\n")
        XCTAssertEqual(loop.poll(at: 10)?.modified, [folder.url("dataconnect.yaml")])
        try folder.write("connector/q.gql", "query Q2 { as { x } }\n")
        XCTAssertEqual(loop.poll(at: 20)?.modified, [folder.url("connector/q.gql")])
        XCTAssertEqual(recorder.rootCalls, 3)
    }

    func testConnectorFolderRenamedAwayAndBackIsNoticed() throws {
        let (folder, loop, recorder) = try loadedProject()
        try FileManager.default.moveItem(atPath: folder.url("connector"), toPath: folder.url("connector-away"))
        XCTAssertEqual(loop.poll(at: 0)?.removed, [folder.url("connector/connector.yaml"), folder.url("connector/q.gql")])
        XCTAssertEqual(loop.watchedFileCount, 2)
        XCTAssertNil(loop.poll(at: 10), "the renamed folder, outside the configuration, is not watched")

        try FileManager.default.moveItem(atPath: folder.url("connector-away"), toPath: folder.url("connector"))
        XCTAssertEqual(loop.poll(at: 20)?.added, [folder.url("connector/connector.yaml"), folder.url("connector/q.gql")])
        try folder.write("connector/q.gql", "query Q3 { as { x } }\n")
        XCTAssertEqual(loop.poll(at: 30)?.modified, [folder.url("connector/q.gql")])
        XCTAssertEqual(recorder.changes.count, 3)
    }

    func testSchemaFolderRemovedAndRecreatedIsNoticed() throws {
        let (folder, loop, _) = try loadedProject()
        try folder.remove("schema")
        XCTAssertEqual(loop.poll(at: 0)?.removed, [folder.url("schema/schema.gql")])
        try folder.write("schema/schema.gql", "type B @table { x: Int }\n")
        XCTAssertEqual(loop.poll(at: 10)?.added, [folder.url("schema/schema.gql")])
    }

    func testFallbackWatchesBothFilesThatCanNameTheProject() {
        XCTAssertEqual(WatchRoots.fallback(projectDirectory: "/p/./app"),
                       WatchRoots(directories: ["/p/app"], files: ["/p/app/dataconnect.yaml", "/p/app/firebase.json"]))
    }

    func testFirebaseJSONIsConfiguration() {
        XCTAssertTrue(ChangeSet(["/p/firebase.json": .modified]).configurationChanged)
        XCTAssertTrue(ChangeSet(["/p/connector/connector.yaml": .removed]).configurationChanged)
        XCTAssertFalse(ChangeSet(["/p/connector/q.gql": .added, "/p/notfirebase.json": .modified]).configurationChanged)
    }

    func testRootsNeverLeaveTheProject() {
        let config = SourceFile(path: "/p/dataconnect.yaml", text: "")
        let span = SourceSpan(file: config, range: nil)
        let project = Project(
            directory: "/p", configFile: config,
            config: DataConnectConfig(serviceId: "s", location: nil,
                                      schemas: [ConfigPath(path: "/", span: span),
                                                ConfigPath(path: "./schema/../schema", span: span)],
                                      connectorDirs: [ConfigPath(path: "../..", span: span), ConfigPath(path: "app/../../x", span: span),
                                                      ConfigPath(path: "./missing", span: span)]),
            schemaFiles: [], connectors: []
        )
        let roots = WatchRoots(project: project)
        XCTAssertEqual(roots.directories, ["/p/schema", "/p/missing"])
        XCTAssertEqual(roots.files, ["/p/dataconnect.yaml", "/p/missing/connector.yaml"])
    }
}
