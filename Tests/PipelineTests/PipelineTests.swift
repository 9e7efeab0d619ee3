import Diagnostics
import Foundation
import IR
import Output
import Pipeline
import Project
import TestSupport
import XCTest

final class PipelineTests: XCTestCase {
    private let root = SharedFolder.packageRoot.path

    func testMoviesFixtureRunsEveryStageCleanly() throws {
        let compilation = Generator.generate(.init(projectDirectory: "Fixtures/movies", currentDirectory: root, lastStage: .synthesize))
        XCTAssertEqual(compilation.diagnostics.diagnostics.map(\.description), [])
        XCTAssertEqual(compilation.completedStage, .synthesize)
        XCTAssertNotNil(compilation.schema)
        XCTAssertEqual(compilation.timings.entries.map(\.stage), [.load, .parse, .synthesize])
    }

    /// Hostile nesting reaches `generate` as errors, never as a crash: selection sets and list
    /// values 10,000 deep (the parser's limit) and a chain of 4,000 fragments (validation's).
    func testDeepNestingIsReportedNotACrash() {
        let project = [
            "/p/dataconnect.yaml": "specVersion: v1\nserviceId: s\nlocation: l\nschema:\n  source: ./schema\nconnectorDirs: [./c]\n",
            "/p/schema/schema.gql": "type Movie @table { title: String! }\n",
            "/p/c/connector.yaml": "connectorId: c\ngenerate:\n  swiftSdk: {outputDir: out, package: P}\n",
            "/p/c/selections.gql": "query S @auth(level: PUBLIC) " + String(repeating: "{ a ", count: 10_000),
            "/p/c/values.gql": "query V @auth(level: PUBLIC) { movies(where: " + String(repeating: "[", count: 10_000),
            "/p/c/chain.gql": "query C @auth(level: PUBLIC) { movies { ...F0 } }\n"
                + (0..<4_000).map { "fragment F\($0) on Movie { title ...F\($0 + 1) }\n" }.joined() + "fragment F4000 on Movie { title }\n",
        ]
        let compilation = Generator.generate(.init(projectDirectory: "/p", currentDirectory: "/", lastStage: .emit,
                                                   fileSystem: MemoryFileSystem(texts: project)))
        XCTAssertEqual(compilation.diagnostics.diagnostics.map(\.description), [
            "/p/c/selections.gql:1:542: error: Syntax Error: Nesting is too deep: more than 128 levels.",
            "/p/c/values.gql:1:173: error: Syntax Error: Nesting is too deep: more than 128 levels.",
        ])
        let parsed = project.filter { $0.key != "/p/c/selections.gql" && $0.key != "/p/c/values.gql" }
        let validated = Generator.generate(.init(projectDirectory: "/p", currentDirectory: "/", lastStage: .emit,
                                                 fileSystem: MemoryFileSystem(texts: parsed)))
        XCTAssertEqual(validated.diagnostics.diagnostics.map(\.id), [.nestingTooDeep])
        XCTAssertEqual(validated.packages.count, 0)
    }

    func testValidationAndLoweringAreStagesOfTheirOwn() {
        let validated = Generator.generate(.init(projectDirectory: "Fixtures/movies", currentDirectory: root, lastStage: .validate))
        XCTAssertEqual(validated.completedStage, .validate)
        XCTAssertNil(validated.ir)
        let lowered = Generator.generate(.init(projectDirectory: "Fixtures/movies", currentDirectory: root, lastStage: .lower))
        XCTAssertEqual(lowered.completedStage, .lower)
        XCTAssertEqual(lowered.timings.entries.map(\.stage), [.load, .parse, .synthesize, .validate, .lower])
        XCTAssertEqual(lowered.ir?.connectors.first?.operations.map(\.name), ["CreateMovie", "GetMovieByKey", "ListMoviesByGenre"])
        XCTAssertFalse(lowered.hasErrors)
    }

    /// `generate` emits from the IR that `validate --json` prints: type lists, service and all.
    func testEmissionGetsTheWholeIR() throws {
        let lowered = try XCTUnwrap(Generator.generate(.init(projectDirectory: "Fixtures/movies", currentDirectory: root, lastStage: .lower)).ir)
        let emitted = try XCTUnwrap(Generator.generate(.init(projectDirectory: "Fixtures/movies", currentDirectory: root, lastStage: .emit)).ir)
        XCTAssertFalse(lowered.keyTypes.isEmpty)
        XCTAssertEqual(IRJSON.encode(emitted, diagnostics: []), IRJSON.encode(lowered, diagnostics: []))
    }

    /// The pipeline reads the project and nothing else: what lies in the output folder, even a
    /// package it could not write over, changes nothing it renders.
    func testOutputOnDiskDoesNotChangeTheRenderedPackages() throws {
        // A copy whose package goes to <copy>/generated, beside the project.
        let folder = try TemporaryFolder()
        for relative in ["dataconnect.yaml", "schema/schema.gql", "connector/connector.yaml", "connector/queries.gql", "connector/mutations.gql"] {
            try folder.write("movies/" + relative, String(contentsOfFile: root + "/Fixtures/movies/" + relative, encoding: .utf8))
        }
        let options = Generator.Options(projectDirectory: folder.url("movies"), currentDirectory: folder.path, lastStage: .emit)
        let first = Generator.generate(options)
        XCTAssertEqual(first.completedStage, .emit)
        let package = try XCTUnwrap(first.packages.first)
        XCTAssertFalse(OutputWriter.write(OutputPlan(packages: first.packages)).hasErrors)
        for (path, text) in package.files { try (text.text + "edited\n").write(toFile: package.directory + "/" + path, atomically: true, encoding: .utf8) }
        try "mine\n".write(toFile: package.directory + "/.sdkgen-manifest", atomically: true, encoding: .utf8)

        let second = Generator.generate(options)
        XCTAssertEqual(second.packages.map(\.directory), [package.directory])
        XCTAssertEqual(second.packages.first?.files.mapValues(\.text), package.files.mapValues(\.text))
        XCTAssertEqual(second.diagnostics.diagnostics.map(\.description), first.diagnostics.diagnostics.map(\.description))
    }

    func testConnectorsWithSyntaxErrorsAreNotValidated() throws {
        let project = try TemporaryFolder(files: [
            "dataconnect.yaml": "specVersion: v1\nserviceId: s\nlocation: l\nschema:\n  source: ./schema\nconnectorDirs: [./a, ./b]\n",
            "schema/schema.gql": "type Movie @table { title: String! }\n",
            "a/connector.yaml": "connectorId: a\n",
            "a/ops.gql": "query Q { movies { title } }\n",
            "b/connector.yaml": "connectorId: b\n",
            "b/good.gql": "query R { movies { title } }\n",
            "b/bad.gql": "query S {\n",
        ])
        let compilation = Generator.generate(.init(projectDirectory: project.path, currentDirectory: project.path, lastStage: .lower))
        XCTAssertEqual(compilation.ir?.connectors.map(\.id), ["a"])
        XCTAssertEqual(compilation.diagnostics.errorCount, 1)
    }

    func testEmitRendersEverySwiftSDKEntryWithItsRuntime() throws {
        let project = try TemporaryFolder(files: [
            "app/dataconnect.yaml": "specVersion: v1\nserviceId: s\nschema:\n  source: ./schema\nconnectorDirs: [./c]\n",
            "app/schema/schema.gql": "type Movie @table { title: String! }\n",
            "app/c/connector.yaml": """
                connectorId: c
                generate:
                  swiftSdk:
                    - {outputDir: ../../out, package: FirebaseSDK}
                    - {outputDir: ../../out, package: PortableSDK, sdkgenRuntime: {path: ../../tools/sdkgen}}

                """,
            "app/c/ops.gql": "query Q @auth(level: PUBLIC) { movies { title } }\n",
        ])
        let compilation = Generator.generate(.init(projectDirectory: project.url("app"), currentDirectory: project.path, lastStage: .emit))
        XCTAssertEqual(compilation.completedStage, .emit)
        XCTAssertEqual(compilation.packages.map(\.directory), [project.url("out/FirebaseSDK"), project.url("out/PortableSDK")])
        // Without a location the SDK falls back to Data Connect's default region, with a warning.
        XCTAssertEqual(compilation.diagnostics.diagnostics.map(\.message), [#"dataconnect.yaml has no "location"; the Swift SDK uses us-central1"#])
        let firebase = try XCTUnwrap(compilation.packages.first?.files["Package.swift"]).text
        let portable = try XCTUnwrap(compilation.packages.last?.files["Package.swift"]).text
        XCTAssertTrue(firebase.contains("https://github.com/firebase/data-connect-ios-sdk"), firebase)
        XCTAssertTrue(portable.contains(#".package(name: "sdkgen", path: "../../tools/sdkgen")"#), portable)
        XCTAssertEqual(compilation.packages.first?.files.keys.sorted(), [
            "Package.swift", "README.md", "Sources/CClient.swift", "Sources/CKeys.swift", "Sources/COperations.swift",
            "Sources/Operations/QQuery.swift",
        ])
    }

    /// The server pushes `@refresh` updates only to connectors deployed with client caching.
    func testRefreshWithoutClientCacheIsAWarningAtTheSwiftSDKEntry() throws {
        func warnings(_ generate: String, operations: String = "query Q @auth(level: PUBLIC) @refresh(every: {seconds: 30}) { movies { title } }")
            throws -> [String] {
            let project = try TemporaryFolder(files: [
                "dataconnect.yaml": "specVersion: v1\nserviceId: s\nlocation: l\nschema:\n  source: ./schema\nconnectorDirs: [./c]\n",
                "schema/schema.gql": "type Movie @table { title: String! }\n",
                "c/connector.yaml": "connectorId: c\ngenerate:\n" + generate,
                "c/ops.gql": operations + "\n",
            ])
            let compilation = Generator.generate(.init(projectDirectory: project.path, currentDirectory: project.path, lastStage: .emit))
            XCTAssertEqual(compilation.completedStage, .emit)
            return compilation.diagnostics.diagnostics.map { $0.description.replacingOccurrences(of: project.path + "/", with: "") }
        }
        XCTAssertEqual(try warnings("  swiftSdk: {outputDir: out, package: P}\n"), [
            "c/connector.yaml:3:13: warning: query 'Q' uses @refresh, but connector 'c' has no clientCache: Data Connect deploys it "
                + "without realtime, so the server will not push updates; add clientCache to this swiftSdk entry",
        ])
        XCTAssertEqual(try warnings("  swiftSdk: {outputDir: out, package: P, clientCache: {}}\n"), [])
        XCTAssertEqual(try warnings("  swiftSdk: {outputDir: out, package: P}\n  javascriptSdk:\n    - {outputDir: js, clientCache: {maxAge: 5s}}\n"), [])
        XCTAssertEqual(try warnings("  swiftSdk: {outputDir: out, package: P}\n", operations: "query Q @auth(level: PUBLIC) { movies { title } }"), [])
    }

    func testProjectsWithErrorsAreNotEmitted() throws {
        let project = try TemporaryFolder(files: [
            "dataconnect.yaml": "specVersion: v1\nserviceId: s\nlocation: l\nschema:\n  source: ./schema\nconnectorDirs: [./c]\n",
            "schema/schema.gql": "type Movie @table { title: String! }\n",
            "c/connector.yaml": "connectorId: c\ngenerate:\n  swiftSdk: {outputDir: out, package: P}\n",
            "c/ops.gql": "query Q { movies { nope } }\n",
        ])
        let compilation = Generator.generate(.init(projectDirectory: project.path, currentDirectory: project.path, lastStage: .emit))
        XCTAssertEqual(compilation.completedStage, .lower)
        XCTAssertTrue(compilation.packages.isEmpty)
        XCTAssertTrue(compilation.hasErrors)
    }

    func testStopsAfterTheRequestedStage() {
        let compilation = Generator.generate(.init(projectDirectory: "Fixtures/movies", currentDirectory: root, lastStage: .load))
        XCTAssertEqual(compilation.completedStage, .load)
        XCTAssertNil(compilation.schema)
    }

    /// `generate --connector` checks the ids after the load stage, then goes on from it: the same
    /// result as one run, with the load's time kept.
    func testGoesOnFromALoadedProject() {
        let options = Generator.Options(projectDirectory: "Fixtures/movies", currentDirectory: root, lastStage: .emit)
        var loading = options
        loading.lastStage = .load
        let loaded = Generator.generate(loading)
        let resumed = Generator.generate(options, from: loaded)
        XCTAssertEqual(resumed.completedStage, .emit)
        XCTAssertEqual(resumed.packages.map(\.directory), Generator.generate(options).packages.map(\.directory))
        XCTAssertFalse(resumed.packages.isEmpty)
        XCTAssertNotNil(resumed.timings.milliseconds(.load))
    }

    func testSyntaxErrorsInEveryFileAreReportedAndBlockSynthesis() throws {
        let project = try TemporaryFolder(files: [
            "dataconnect.yaml": "specVersion: v1\nserviceId: s\nlocation: us-central1\nschema:\n  source: ./schema\nconnectorDirs: [./c]\n",
            "schema/schema.gql": "type Movie @table { title: String! \n",
            "c/connector.yaml": "connectorId: c\n",
            "c/ops.gql": "query Q { movies { } }\n",
        ])
        let compilation = Generator.generate(.init(projectDirectory: project.path, currentDirectory: project.path, lastStage: .synthesize))
        XCTAssertEqual(DiagnosticCollector.ordered(compilation.diagnostics.diagnostics).map(\.description), [
            "\(project.path)/c/ops.gql:1:20: error: Syntax Error: Expected Name, found \"}\".",
            "\(project.path)/schema/schema.gql:1:19: error: Syntax Error: \"{\" is never closed: the file ends before its \"}\".",
        ])
        XCTAssertEqual(compilation.completedStage, .parse)
        XCTAssertNil(compilation.schema)
    }

    /// The project is read through `Options.fileSystem` only (the fuzzers keep theirs in memory).
    func testProjectIsReadThroughTheGivenFileSystem() throws {
        let files = MemoryFileSystem(texts: [
            "/nowhere/dataconnect.yaml": "specVersion: v1\nserviceId: s\nlocation: l\nschema:\n  source: ./schema\nconnectorDirs: [./c]\n",
            "/nowhere/schema/schema.gql": "type Movie @table { title: String! }\n",
            "/nowhere/c/connector.yaml": "connectorId: c\ngenerate:\n  swiftSdk: {outputDir: out, package: P}\n",
            "/nowhere/c/ops.gql": "query Q @auth(level: PUBLIC) { movies { title } }\n",
        ])
        let compilation = Generator.generate(.init(projectDirectory: "/nowhere", currentDirectory: "/", lastStage: .emit, fileSystem: files))
        XCTAssertEqual(compilation.diagnostics.diagnostics.map(\.description), [])
        XCTAssertEqual(compilation.packages.map(\.directory), ["/nowhere/c/out/P"])
        XCTAssertEqual(compilation.ir?.connectors.first?.operations.map(\.name), ["Q"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/nowhere"))

        let empty = Generator.generate(.init(projectDirectory: "/nowhere", currentDirectory: "/", lastStage: .emit,
                                             fileSystem: MemoryFileSystem(files: [:])))
        XCTAssertEqual(empty.diagnostics.diagnostics.map(\.description), ["error: project folder /nowhere does not exist"])
    }

    func testMissingProjectStopsAtLoad() throws {
        let project = try TemporaryFolder(files: [:])
        let compilation = Generator.generate(.init(projectDirectory: nil, currentDirectory: project.path, lastStage: .synthesize))
        XCTAssertTrue(compilation.hasErrors)
        XCTAssertNil(compilation.project)
        XCTAssertNil(compilation.completedStage)
    }
}

/// Issue #21 item 7: a schema that could not be read whole is reported alone, not after a flood
/// of errors about every field the missing files would have declared.
extension PipelineTests {
    func testUnreadableSchemaStopsBeforeSynthesis() throws {
        for (dataconnect, expected) in [
            ("schema:\n  source: ./schemas\n", "dataconnect.yaml:5:11: error: schema folder \"./schemas\" does not exist"),
            ("schemas:\n  - source: ./schema\n  - source: ../outside\n", "dataconnect.yaml:6:13: error: schema source \"../outside\" is outside the project folder"),
        ] {
            let project = try TemporaryFolder(files: [
                "dataconnect.yaml": "specVersion: v1\nserviceId: s\nlocation: l\n" + dataconnect + "connectorDirs: [./a]\n",
                "schema/schema.gql": "type Movie @table { title: String! }\n",
                "a/connector.yaml": "connectorId: a\n",
                "a/ops.gql": "query Q { movies { title } }\nmutation M { movie_insert(data: {title: \"x\"}) }\n",
            ])
            let compilation = Generator.generate(.init(projectDirectory: project.path, currentDirectory: project.path, lastStage: .emit))
            let descriptions = compilation.diagnostics.diagnostics.map { $0.description.replacingOccurrences(of: project.path + "/", with: "") }
            XCTAssertEqual(descriptions.count, 1, "\(descriptions)")
            XCTAssertTrue(descriptions.first?.hasPrefix(expected) == true, "\(descriptions)")
            XCTAssertEqual(compilation.completedStage, .parse)
            XCTAssertNil(compilation.schema)
        }
    }
}
