import Diagnostics
import Foundation
import Pipeline
import XCTest

final class PipelineTests: XCTestCase {
    private var root: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path }

    func testMoviesFixtureRunsEveryStageCleanly() throws {
        let compilation = Pipeline.run(.init(projectDirectory: "Fixtures/movies", currentDirectory: root, lastStage: .synthesize))
        XCTAssertEqual(compilation.diagnostics.diagnostics.map(\.description), [])
        XCTAssertEqual(compilation.completedStage, .synthesize)
        XCTAssertNotNil(compilation.schema)
        XCTAssertEqual(compilation.connectors.map(\.connector.config.connectorId), ["movies"])
        XCTAssertEqual(compilation.timings.entries.map(\.stage), [.load, .parse, .synthesize])
    }

    func testValidateStageLowersEveryOperation() {
        let compilation = Pipeline.run(.init(projectDirectory: "Fixtures/movies", currentDirectory: root, lastStage: .validate))
        XCTAssertEqual(compilation.completedStage, .validate)
        XCTAssertEqual(compilation.ir?.connectors.first?.operations.map(\.name), ["CreateMovie", "GetMovieByKey", "ListMoviesByGenre"])
        XCTAssertFalse(compilation.hasErrors)
    }

    func testConnectorsWithSyntaxErrorsAreNotValidated() throws {
        let project = try TemporaryProject(files: [
            "dataconnect.yaml": "specVersion: v1\nserviceId: s\nlocation: l\nschema:\n  source: ./schema\nconnectorDirs: [./a, ./b]\n",
            "schema/schema.gql": "type Movie @table { title: String! }\n",
            "a/connector.yaml": "connectorId: a\n",
            "a/ops.gql": "query Q { movies { title } }\n",
            "b/connector.yaml": "connectorId: b\n",
            "b/good.gql": "query R { movies { title } }\n",
            "b/bad.gql": "query S {\n",
        ])
        let compilation = Pipeline.run(.init(projectDirectory: project.path, currentDirectory: project.path, lastStage: .validate))
        XCTAssertEqual(compilation.ir?.connectors.map(\.id), ["a"])
        XCTAssertEqual(compilation.diagnostics.errorCount, 1)
    }

    func testStopsAfterTheRequestedStage() {
        let compilation = Pipeline.run(.init(projectDirectory: "Fixtures/movies", currentDirectory: root, lastStage: .load))
        XCTAssertEqual(compilation.completedStage, .load)
        XCTAssertTrue(compilation.connectors.isEmpty)
        XCTAssertNil(compilation.schema)
    }

    func testSyntaxErrorsInEveryFileAreReportedAndBlockSynthesis() throws {
        let project = try TemporaryProject(files: [
            "dataconnect.yaml": "specVersion: v1\nserviceId: s\nlocation: us-central1\nschema:\n  source: ./schema\nconnectorDirs: [./c]\n",
            "schema/schema.gql": "type Movie @table { title: String! \n",
            "c/connector.yaml": "connectorId: c\n",
            "c/ops.gql": "query Q { movies { } }\n",
        ])
        let compilation = Pipeline.run(.init(projectDirectory: project.path, currentDirectory: project.path, lastStage: .synthesize))
        XCTAssertEqual(compilation.diagnostics.sorted.map(\.description), [
            "\(project.path)/c/ops.gql:1:20: error: Syntax Error: Expected Name, found \"}\".",
            "\(project.path)/schema/schema.gql:2:1: error: Syntax Error: Expected Name, found <EOF>.",
        ])
        XCTAssertEqual(compilation.completedStage, .parse)
        XCTAssertNil(compilation.schema)
    }

    func testMissingProjectStopsAtLoad() throws {
        let project = try TemporaryProject(files: [:])
        let compilation = Pipeline.run(.init(projectDirectory: nil, currentDirectory: project.path, lastStage: .synthesize))
        XCTAssertTrue(compilation.hasErrors)
        XCTAssertNil(compilation.project)
        XCTAssertNil(compilation.completedStage)
    }
}

/// A project written to a fresh temporary folder, removed when the test ends.
final class TemporaryProject {
    let path: String

    init(files: [String: String]) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files {
            let url = URL(fileURLWithPath: path).appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
