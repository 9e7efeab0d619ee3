import Diagnostics
import Foundation
import TestSupport
import XCTest
@testable import YAML

/// Every dataconnect.yaml and connector.yaml of the corpus: read, checked against the oracle, and
/// cut or corrupted without a crash.
enum YAMLChecks {
    static var all: [CorpusCheck] {
        [
            CorpusCheck("YAML.everyCorpusYAMLMatchesTheOracle", everyCorpusYAMLMatchesTheOracle),
            CorpusCheck("YAML.swiftSDKSettingsOfTheCorpus", swiftSDKSettingsOfTheCorpus),
            CorpusCheck("YAML.everyCorpusYAMLParses", everyCorpusYAMLParses),
            CorpusCheck("YAML.truncatedCorpusYAMLNeverCrashes", truncatedCorpusYAMLNeverCrashes),
            CorpusCheck("YAML.corruptedCorpusYAMLNeverCrashes", corruptedCorpusYAMLNeverCrashes),
        ]
    }

    private static func yamlFiles(in corpus: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent == "dataconnect.yaml" || url.lastPathComponent == "connector.yaml" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    private static func parse(_ url: URL) throws -> YAMLNode {
        let file = SourceFile(path: url.path, bytes: Array(try Data(contentsOf: url)))
        return try XCTUnwrap(try YAMLParser.parse(file), url.path)
    }

    static func everyCorpusYAMLMatchesTheOracle() throws {
        let corpus = try SharedFolder.corpus()
        let projects = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted().filter {
            FileManager.default.fileExists(atPath: corpus.appendingPathComponent("\($0)/expected/oracle.json").path)
        }
        XCTAssertGreaterThanOrEqual(projects.count, 46)
        var connectorsChecked = 0
        for name in projects {
            let project = corpus.appendingPathComponent(name)
            let oracleData = try Data(contentsOf: project.appendingPathComponent("expected/oracle.json"))
            let oracle = try XCTUnwrap(try JSONSerialization.jsonObject(with: oracleData) as? [String: Any])
            let expected = try XCTUnwrap(oracle["dataconnect_yaml"] as? [String: Any])
            let config = try parse(project.appendingPathComponent("dataconnect.yaml"))
            XCTAssertEqual(config["serviceId"]?.string, expected["service_id"] as? String, name)
            XCTAssertEqual(config["specVersion"]?.string, expected["spec_version"] as? String, name)
            let schema = config["schema"] ?? config["schemas"]?.sequence?.first
            XCTAssertEqual(schema?["source"]?.string, expected["schema_source"] as? String, name)
            XCTAssertEqual(config["connectorDirs"]?.sequence?.compactMap(\.string), expected["connector_dirs"] as? [String], name)
            for connector in try XCTUnwrap(oracle["connectors"] as? [[String: Any]]) {
                let dir = try XCTUnwrap(connector["dir"] as? String)
                let yaml = try parse(project.appendingPathComponent("\(dir)/connector.yaml"))
                XCTAssertEqual(yaml["connectorId"]?.string, connector["connector_id"] as? String, "\(name)/\(dir)")
                connectorsChecked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(connectorsChecked, 52)
    }

    static func swiftSDKSettingsOfTheCorpus() throws {
        let corpus = try SharedFolder.corpus()
        let kitchenSink = try parse(corpus.appendingPathComponent("firebase__data-connect-ios-sdk__kitchensink/default/connector.yaml"))
        let swift = kitchenSink["generate"]?["swiftSdk"]
        XCTAssertEqual(swift?["outputDir"]?.string, "../../../../Gen/")
        XCTAssertEqual(swift?["observablePublisher"]?.scalar, YAMLScalar("observableObject", style: .doubleQuoted))
        XCTAssertEqual(swift?["clientCache"]?["maxAge"]?.string, "2s")
        XCTAssertEqual(swift?["clientCache"]?["storage"]?.string, "memory")
        let android = try parse(corpus.appendingPathComponent("firebase__firebase-android-sdk/dataconnect.yaml"))
        XCTAssertEqual(android["connectorDirs"]?.sequence?.count, 7)
        let windows = try parse(corpus.appendingPathComponent("Loznek__shopmap_be/connector/connector.yaml"))
        XCTAssertEqual(windows["generate"]?["kotlinSdk"]?["outputDir"]?.string, #"..\..\src\main\kotlin\com\example\"#)
    }

    static func everyCorpusYAMLParses() throws {
        let files = yamlFiles(in: try SharedFolder.corpus())
        XCTAssertGreaterThanOrEqual(files.count, 98)
        for url in files {
            XCTAssertNoThrow(try parse(url), url.path)
        }
    }

    /// Cutting a file anywhere must give a node or a diagnostic, never a crash or a hang.
    static func truncatedCorpusYAMLNeverCrashes() throws {
        var errors = 0
        for url in yamlFiles(in: try SharedFolder.corpus()) {
            let bytes = Array(try Data(contentsOf: url))
            for cut in 0...bytes.count {
                do {
                    _ = try YAMLParser.parse(SourceFile(path: url.path, bytes: Array(bytes[..<cut])))
                } catch let error as DiagnosticError {
                    errors += 1
                    XCTAssertFalse(error.diagnostics.isEmpty)
                    XCTAssertNotNil(error.diagnostics.first?.span?.range)
                }
            }
        }
        XCTAssertGreaterThan(errors, 0)
    }

    /// Overwriting bytes with YAML indicators must likewise never crash or hang.
    static func corruptedCorpusYAMLNeverCrashes() throws {
        let replacements = Array(":-\"'[]{},#&*!|>?\t\n ".utf8)
        var parsed = 0
        var failed = 0
        for url in yamlFiles(in: try SharedFolder.corpus()) {
            let bytes = Array(try Data(contentsOf: url))
            for position in stride(from: 0, to: bytes.count, by: 41) {
                for replacement in replacements {
                    var mutated = bytes
                    mutated[position] = replacement
                    do {
                        _ = try YAMLParser.parse(SourceFile(path: url.path, bytes: mutated))
                        parsed += 1
                    } catch {
                        failed += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(parsed, 0)
        XCTAssertGreaterThan(failed, 0)
    }
}
