@testable import Watch
import XCTest

final class ChangeDetectorTests: XCTestCase {
    private func project() throws -> (WatchFolder, WatchRoots) {
        let folder = try WatchFolder()
        try folder.write("dataconnect.yaml", "serviceId: s\n")
        try folder.write("schema/schema.gql", "type A @table { x: Int }\n")
        try folder.write("connector/connector.yaml", "connectorId: c\n")
        try folder.write("connector/queries.gql", "query Q { as { x } }\n")
        let roots = WatchRoots(
            directories: [folder.url("schema"), folder.url("connector")],
            files: [folder.url("dataconnect.yaml"), folder.url("connector/connector.yaml")],
            excluded: [folder.url("connector/generated/Pkg")]
        )
        return (folder, roots)
    }

    func testBaselineIsNotAChange() throws {
        let (folder, roots) = try project()
        var detector = ChangeDetector(roots: roots)
        XCTAssertEqual(detector.fileCount, 4)
        XCTAssertTrue(detector.poll().isEmpty)
        XCTAssertEqual(detector.roots.files.first, folder.url("dataconnect.yaml"))
    }

    func testContentChangeIsModified() throws {
        let (folder, roots) = try project()
        try folder.touch("schema/schema.gql", seconds: 1_000)
        var detector = ChangeDetector(roots: roots)
        // Same size, other bytes: only the contents tell.
        try folder.write("schema/schema.gql", "type B @table { x: Int }\n")
        let changes = detector.poll()
        XCTAssertEqual(changes.modified, [folder.url("schema/schema.gql")])
        XCTAssertFalse(changes.configurationChanged)
        XCTAssertTrue(detector.poll().isEmpty)
    }

    func testTouchWithoutChangeIsIgnored() throws {
        let (folder, roots) = try project()
        var detector = ChangeDetector(roots: roots)
        try folder.touch("connector/queries.gql", seconds: 2_000_000)
        XCTAssertTrue(detector.poll().isEmpty)
        // Saving identical bytes by replacing the file (new inode) is no change either.
        try folder.remove("connector/queries.gql")
        try folder.write("connector/queries.gql", "query Q { as { x } }\n")
        XCTAssertTrue(detector.poll().isEmpty)
    }

    func testAddedAndRemovedFiles() throws {
        let (folder, roots) = try project()
        var detector = ChangeDetector(roots: roots)
        try folder.write("connector/nested/mutations.graphql", "mutation M { a_insert(data: {x: 1}) }\n")
        try folder.remove("schema/schema.gql")
        let changes = detector.poll()
        XCTAssertEqual(changes.added, [folder.url("connector/nested/mutations.graphql")])
        XCTAssertEqual(changes.removed, [folder.url("schema/schema.gql")])
        XCTAssertEqual(detector.fileCount, 4)
    }

    func testYAMLChangeAsksForReload() throws {
        let (folder, roots) = try project()
        var detector = ChangeDetector(roots: roots)
        try folder.write("connector/connector.yaml", "connectorId: renamed\n")
        let changes = detector.poll()
        XCTAssertEqual(changes.modified, [folder.url("connector/connector.yaml")])
        XCTAssertTrue(changes.configurationChanged)
    }

    func testMissingConfigurationFileIsNoticedWhenCreated() throws {
        let folder = try WatchFolder()
        var detector = ChangeDetector(roots: .fallback(projectDirectory: folder.path))
        XCTAssertEqual(detector.fileCount, 0)
        try folder.write("dataconnect.yaml", "serviceId: s\n")
        XCTAssertEqual(detector.poll().added, [folder.url("dataconnect.yaml")])
    }

    func testOutputFoldersOtherFilesAndHiddenFoldersAreNotWatched() throws {
        let (folder, roots) = try project()
        var detector = ChangeDetector(roots: roots)
        try folder.write("connector/generated/Pkg/Schema.graphql", "generated\n")
        try folder.write("connector/notes.txt", "not an input\n")
        try folder.write("connector/.build/cache.yaml", "build output\n")
        XCTAssertTrue(detector.poll().isEmpty)
        XCTAssertEqual(detector.fileCount, 4)
    }

    func testExclusionMatchesHoweverThePathIsSpelled() throws {
        let (folder, roots) = try project()
        var spelled = roots
        spelled.excluded = [folder.url("connector/./generated/../generated/Pkg/")]
        var detector = ChangeDetector(roots: spelled)
        try folder.write("connector/generated/Pkg/x.gql", "generated\n")
        XCTAssertTrue(detector.poll().isEmpty)
    }

    func testRebaseTakesNewRootsSilently() throws {
        let (folder, roots) = try project()
        try folder.write("other/extra.gql", "query E { as { x } }\n")
        var detector = ChangeDetector(roots: roots)
        var wider = roots
        wider.directories.append(folder.url("other"))
        detector.rebase(roots: wider)
        XCTAssertEqual(detector.fileCount, 5)
        XCTAssertTrue(detector.poll().isEmpty)
        try folder.write("other/extra.gql", "query E2 { as { x } }\n")
        XCTAssertEqual(detector.poll().modified, [folder.url("other/extra.gql")])
    }

    func testUnreadableFileIsReportedOnceWhenReadableAgain() throws {
        guard getuid() != 0 else { throw XCTSkip("root reads files whatever their permissions") }
        let folder = try WatchFolder()
        try folder.write("schema/a.gql", "type A { x: Int }\n")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: folder.url("schema/a.gql"))
        var detector = ChangeDetector(roots: WatchRoots(directories: [folder.url("schema")]))
        XCTAssertTrue(detector.poll().isEmpty)
        XCTAssertTrue(detector.poll().isEmpty)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder.url("schema/a.gql"))
        XCTAssertEqual(detector.poll().modified, [folder.url("schema/a.gql")])
        XCTAssertTrue(detector.poll().isEmpty)
    }
}

extension ChangeDetectorTests {
    func testFoldersAreTheScannedOnesPlusThoseOfSingleFiles() throws {
        let (folder, roots) = try project()
        try folder.write("connector/nested/more.gql", "query M { as { x } }\n")
        try folder.write("connector/.hidden/h.gql", "query H { as { x } }\n")
        try folder.write("connector/generated/Pkg/Sources/X.swift", "// generated\n")
        var detector = ChangeDetector(roots: roots)
        XCTAssertEqual(detector.folders, [
            folder.path, folder.url("schema"), folder.url("connector"), folder.url("connector/nested"),
            folder.url("connector/generated"),
        ])
        try folder.remove("connector/nested")
        _ = detector.poll()
        XCTAssertFalse(detector.folders.contains(folder.url("connector/nested")))
    }
}

extension ChangeDetectorTests {
    /// A missing watched folder is announced by its nearest existing ancestor, so the notifier
    /// hears it come back.
    func testMissingFolderIsAnnouncedByItsNearestAncestor() throws {
        let (folder, roots) = try project()
        try folder.remove("connector")
        var detector = ChangeDetector(roots: roots)
        XCTAssertEqual(detector.folders, [folder.path, folder.url("schema")])
        try folder.write("connector/queries.gql", "query Q { as { x } }\n")
        XCTAssertEqual(detector.poll().added, [folder.url("connector/queries.gql")])
        XCTAssertEqual(detector.folders, [folder.path, folder.url("schema"), folder.url("connector")])
    }
}
