import Diagnostics
import Foundation
import TestSupport
import XCTest
@testable import Project

/// Every corpus project loads through the loader as the oracle describes it.
enum ProjectChecks {
    static var all: [CorpusCheck] {
        [
            CorpusCheck("Project.everyCorpusProjectLoadsLikeTheOracle", everyCorpusProjectLoadsLikeTheOracle),
            CorpusCheck("Project.swiftSettingsOfCorpusProjects", swiftSettingsOfCorpusProjects),
        ]
    }

    private static func relative(_ files: [SourceFile], to root: String) -> [String] {
        files.map { String($0.path.dropFirst(root.count + 1)) }
    }

    static func everyCorpusProjectLoadsLikeTheOracle() throws {
        let corpus = try SharedFolder.corpus()
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted().filter {
            FileManager.default.fileExists(atPath: corpus.appendingPathComponent("\($0)/dataconnect.yaml").path)
        }
        XCTAssertGreaterThanOrEqual(names.count, 46)
        for name in names {
            let root = corpus.appendingPathComponent(name).path
            let result = ProjectLoader.load(projectDirectory: root, currentDirectory: "/")
            XCTAssertFalse(result.hasErrors, "\(name): \(result.diagnostics)")
            let project = try XCTUnwrap(result.project, name)
            let data = try Data(contentsOf: corpus.appendingPathComponent("\(name)/expected/oracle.json"))
            let oracle = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let yaml = try XCTUnwrap(oracle["dataconnect_yaml"] as? [String: Any])
            XCTAssertEqual(project.config.serviceId, yaml["service_id"] as? String, name)
            XCTAssertEqual(project.config.schemas.map(\.path), [yaml["schema_source"] as? String].compactMap { $0 }, name)
            XCTAssertEqual(project.config.connectorDirs.map(\.path), yaml["connector_dirs"] as? [String], name)
            let schema = try XCTUnwrap(oracle["emulator_schema"] as? [String: Any])
            XCTAssertEqual(relative(project.schemaFiles, to: root), schema["user_schema_files"] as? [String], name)
            let connectors = try XCTUnwrap(oracle["connectors"] as? [[String: Any]])
            XCTAssertEqual(project.connectors.map(\.config.connectorId), connectors.map { $0["connector_id"] as? String ?? "?" }, name)
            for (connector, expected) in zip(project.connectors, connectors) {
                XCTAssertEqual(relative(connector.files, to: root), expected["files"] as? [String], "\(name) \(connector.config.connectorId)")
            }
        }
    }

    static func swiftSettingsOfCorpusProjects() throws {
        let corpus = try SharedFolder.corpus()
        let kitchenSink = ProjectLoader.load(directory: corpus.appendingPathComponent("firebase__data-connect-ios-sdk__kitchensink").path)
        let sdk = try XCTUnwrap(kitchenSink.project?.connectors.first?.config.swiftSDKs.first)
        XCTAssertEqual(sdk.package, "KitchenSink")
        XCTAssertEqual(sdk.outputDir, "../../../../Gen/")
        XCTAssertEqual(sdk.observablePublisher, .observableObject)
        XCTAssertEqual(sdk.clientCache, ClientCacheConfig(maxAge: 2, storage: .memory))
        let flix = ProjectLoader.load(directory: corpus.appendingPathComponent("firebase__data-connect-ios-sdk").path)
        XCTAssertEqual(flix.project?.config.location, "us-central1")
        XCTAssertEqual(flix.project?.connectors.first?.config.swiftSDKs.first?.package, "FriendlyFlixSDK")
    }
}
