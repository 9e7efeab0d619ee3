import Diagnostics
import Foundation
import GraphQL
import IR
import Project
import Schema
import XCTest
@testable import SwiftEmitter

/// Every project of the shared corpus through all stages into the emitter: no crash, and every
/// connector whose operations validate gets a package or a precise error.
final class CorpusTests: XCTestCase {
    static let corpus: URL? = {
        var directory = Fixture.packageRoot
        while directory.path != "/" {
            let corpus = directory.deletingLastPathComponent().appendingPathComponent("shared/corpus")
            if FileManager.default.fileExists(atPath: corpus.path) { return corpus }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    func testCorpusProjectsEmit() throws {
        guard let corpus = Self.corpus else { throw XCTSkip("shared/corpus not found next to the package") }
        var emitted = 0
        var report: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() {
            let result = ProjectLoader.load(directory: corpus.appendingPathComponent(name).path)
            guard let project = result.project, !result.hasErrors,
                  let documents = try? project.schemaFiles.map({ try Parser.parseDocument($0) }),
                  case let (schema?, _) = SchemaBuilder.build(userSchema: documents) else { continue }
            for connector in project.connectors {
                guard let files = try? connector.files.map({ try Parser.parseDocument($0) }) else { continue }
                let (ir, diagnostics) = IRBuilder.build(connectors: [(id: connector.config.connectorId, files: files)], schema: schema)
                guard !diagnostics.contains(where: { $0.severity == .error }), let irConnector = ir.connectors.first else { continue }
                let options = connector.config.swiftSDKs.first.map { SwiftSDKOptions($0) } ?? SwiftSDKOptions(packageName: "CorpusSDK")
                let (output, errors) = SwiftEmitter.emit(
                    connector: ConnectorIdentity(connector: connector, project: project), options: options, schema: schema, ir: irConnector)
                if output.isEmpty {
                    // Known limits: input-object variables other than keys, and projects without a location.
                    for error in errors {
                        XCTAssertTrue(error.message.contains("which the Swift SDK cannot represent")
                                      || error.message.contains("needs a serviceId and a location"), "\(name): \(error.message)")
                    }
                    report.append("\(name)/\(connector.config.connectorId): " + errors.map(\.message).joined(separator: "; "))
                } else {
                    emitted += 1
                    XCTAssertEqual(output.count, 5)
                }
            }
        }
        XCTAssertGreaterThanOrEqual(emitted, 40, "most corpus connectors produce a package")
        print("corpus: \(emitted) packages emitted, \(report.count) refused\n" + report.joined(separator: "\n"))
    }
}
