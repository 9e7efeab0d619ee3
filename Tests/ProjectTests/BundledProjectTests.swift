import Diagnostics
import Foundation
import TestSupport
import XCTest
@testable import Project

/// The movies fixture and the reference connector.yaml load through the loader.
final class BundledProjectTests: XCTestCase {
    private func relative(_ files: [SourceFile], to root: String) -> [String] {
        files.map { String($0.path.dropFirst(root.count + 1)) }
    }

    func testMoviesFixture() throws {
        let root = SharedFolder.packageRoot.appendingPathComponent("Fixtures/movies").path
        let result = ProjectLoader.load(projectDirectory: "Fixtures/movies", currentDirectory: SharedFolder.packageRoot.path)
        XCTAssertEqual(result.diagnostics, [])
        let project = try XCTUnwrap(result.project)
        XCTAssertEqual(project.config.serviceId, "movies")
        XCTAssertEqual(project.config.location, "us-central1")
        XCTAssertEqual(relative(project.schemaFiles, to: root), ["schema/schema.gql"])
        let connector = try XCTUnwrap(project.connectors.first)
        XCTAssertEqual(connector.config.connectorId, "movies")
        XCTAssertEqual(relative(connector.files, to: root), ["connector/mutations.gql", "connector/queries.gql"])
        let text = connector.files.map(\.text).joined()
        for operation in ["CreateMovie", "GetMovieByKey", "ListMoviesByGenre"] {
            XCTAssertTrue(text.contains(operation), operation)
        }
        let sdk = try XCTUnwrap(connector.config.swiftSDKs.first)
        XCTAssertEqual(sdk.package, "MoviesSDK")
        XCTAssertEqual(sdk.outputDir, "../../generated")
    }

    /// The annotated connector.yaml at the top of the repository must use only keys sdkgen reads.
    func testReferenceConnectorYAMLIsUpToDate() throws {
        let reference = try String(contentsOf: SharedFolder.packageRoot.appendingPathComponent("connector.yaml"), encoding: .utf8)
        var files = minimalProject
        files["connector/connector.yaml"] = reference
        let tree = try TemporaryTree(files)
        let result = tree.load()
        XCTAssertEqual(tree.describe(result.diagnostics), [])
        let config = try XCTUnwrap(result.project?.connectors.first?.config)
        XCTAssertEqual(config.connectorId, "movies")
        let sdk = try XCTUnwrap(config.swiftSDKs.first)
        XCTAssertEqual(sdk.outputDir, "../../ios/Generated")
        XCTAssertEqual(sdk.package, "MoviesSDK")
        XCTAssertEqual(sdk.observablePublisher, .observableMacro)
        XCTAssertEqual(sdk.clientCache, ClientCacheConfig(maxAge: 30, storage: .persistent))
        // Every key the reader knows appears in the reference.
        for key in ConnectorConfigReader.knownKeys + ConnectorConfigReader.swiftSDKKeys + ConnectorConfigReader.clientCacheKeys {
            XCTAssertTrue(reference.contains("\n\(key):") || reference.contains(" \(key):"), key)
        }
    }
}
