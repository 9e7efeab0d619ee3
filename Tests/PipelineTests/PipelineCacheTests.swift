import Diagnostics
import Foundation
import Pipeline
import TestSupport
import XCTest

/// A watch session's cache must never change what a run produces: every test compares a cached
/// run with a fresh one after an edit.
final class PipelineCacheTests: XCTestCase {
    private func project() throws -> TemporaryFolder {
        try TemporaryFolder(files: [
            "dataconnect.yaml": "specVersion: v1\nserviceId: s\nlocation: l\nschema:\n  source: ./schema\nconnectorDirs: [./c]\n",
            "schema/schema.gql": "type Movie @table { title: String!, year: Int }\n",
            "c/connector.yaml": "connectorId: c\ngenerate:\n  swiftSdk:\n    - {outputDir: ../out, package: MoviesSDK}\n",
            "c/queries.gql": "query ListMovies { movies { title } }\nquery GetMovie($id: UUID!) { movie(id: $id) { title year } }\n",
            "c/mutations.gql": "mutation AddMovie($title: String!) { movie_insert(data: {title: $title}) }\n",
        ])
    }

    private func run(_ project: TemporaryFolder, cache: PipelineCache? = nil) -> Compilation {
        Pipeline.run(.init(projectDirectory: project.path, currentDirectory: project.path, lastStage: .emit, cache: cache))
    }

    private func assertSameResult(_ cached: Compilation, _ fresh: Compilation, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(cached.packages.map(\.files), fresh.packages.map(\.files), file: file, line: line)
        XCTAssertEqual(cached.diagnostics.diagnostics.map(\.description), fresh.diagnostics.diagnostics.map(\.description),
                       file: file, line: line)
    }

    func testUnchangedFilesAreNotParsedAgain() throws {
        let folder = try project()
        let cache = PipelineCache()
        let first = run(folder, cache: cache)
        try folder.write("c/mutations.gql", "mutation AddMovie($title: String!, $year: Int) { movie_insert(data: {title: $title, year: $year}) }\n")
        let second = run(folder, cache: cache)
        XCTAssertTrue(first.schemaDocuments[0].source === second.schemaDocuments[0].source)
        XCTAssertTrue(first.connectors[0].documents[1].source === second.connectors[0].documents[1].source, "queries.gql is unchanged")
        XCTAssertFalse(first.connectors[0].documents[0].source === second.connectors[0].documents[0].source, "mutations.gql changed")
        assertSameResult(second, run(folder))
    }

    func testOperationEditsGiveTheOutputOfAFreshRun() throws {
        let folder = try project()
        let cache = PipelineCache()
        assertSameResult(run(folder, cache: cache), run(folder))
        try folder.write("c/queries.gql", "query ListMovies { movies { title year } }\nquery GetMovie($id: UUID!) { movie(id: $id) { title } }\n")
        assertSameResult(run(folder, cache: cache), run(folder))
        // A new operation changes the names every class must avoid.
        try folder.write("c/more.gql", "query Movie { movies { title } }\n")
        assertSameResult(run(folder, cache: cache), run(folder))
        try FileManager.default.removeItem(atPath: folder.path + "/c/more.gql")
        assertSameResult(run(folder, cache: cache), run(folder))
    }

    func testSchemaEditsAndErrorsGiveTheResultOfAFreshRun() throws {
        let folder = try project()
        let cache = PipelineCache()
        _ = run(folder, cache: cache)
        try folder.write("schema/schema.gql", "type Movie @table { title: String!, year: Int, rating: Float }\n")
        assertSameResult(run(folder, cache: cache), run(folder))
        try folder.write("schema/schema.gql", "type Movie @table { title: Strin! }\n")
        let broken = run(folder, cache: cache)
        XCTAssertTrue(broken.hasErrors)
        assertSameResult(broken, run(folder))
        assertSameResult(run(folder, cache: cache), run(folder))
        try folder.write("schema/schema.gql", "type Movie @table { title: String!, year: Int }\n")
        assertSameResult(run(folder, cache: cache), run(folder))
    }

    func testConfigurationEditsGiveTheOutputOfAFreshRun() throws {
        let folder = try project()
        let cache = PipelineCache()
        _ = run(folder, cache: cache)
        try folder.write("c/connector.yaml", "connectorId: c\ngenerate:\n  swiftSdk:\n    - {outputDir: ../out, package: MoviesSDK, observablePublisher: observableObject}\n")
        assertSameResult(run(folder, cache: cache), run(folder))
    }
}
