import Diagnostics
import Foundation
import GraphQL
import IR
import Project
import Schema
import TestSupport
import XCTest
@testable import SwiftEmitter

/// Every project of the shared corpus through all stages into the emitter: no crash, and every
/// connector whose operations validate gets a package or a precise error.
final class CorpusTests: XCTestCase {
    /// Each corpus project's packages for connectors whose operations validate: (project, connector, files).
    static func emitAll(runtime: RuntimeChoice = .firebase) throws -> (packages: [(String, String, [GeneratedSwiftFile])], refused: [(String, [Diagnostic])]) {
        let corpus = try SharedFolder.corpus()
        var packages: [(String, String, [GeneratedSwiftFile])] = []
        var refused: [(String, [Diagnostic])] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() {
            let result = ProjectLoader.load(directory: corpus.appendingPathComponent(name).path)
            guard let project = result.project, !result.hasErrors,
                  let documents = try? project.schemaFiles.map({ try Parser.parseDocument($0) }),
                  case let (schema?, _) = SchemaBuilder.build(userSchema: documents) else { continue }
            for connector in project.connectors {
                guard let files = try? connector.files.map({ try Parser.parseDocument($0) }) else { continue }
                let (ir, diagnostics) = IRBuilder.build(connectors: [(id: connector.config.connectorId, files: files)], schema: schema)
                guard !diagnostics.contains(where: { $0.severity == .error }), let irConnector = ir.connectors.first else { continue }
                // The connector's own swiftSdk options (publisher, cache), with a unique package name
                // so that every package can be built side by side.
                var sdk = connector.config.swiftSDKs.first ?? SwiftSDKConfig.test()
                sdk.package = "Corpus\(packages.count + refused.count)"
                sdk.runtime = runtime
                let (output, errors) = SwiftEmitter.emit(
                    sdk, connector: ConnectorIdentity(connector: connector, project: project), schema: schema, ir: irConnector)
                if output.isEmpty {
                    refused.append(("\(name)/\(connector.config.connectorId)", errors))
                } else {
                    packages.append((name, sdk.package, output))
                }
            }
        }
        return (packages, refused)
    }

    func testCorpusProjectsEmit() throws {
        let (packages, refused) = try Self.emitAll()
        XCTAssertEqual(refused.map { "\($0.0): \($0.1.map(\.message))" }, [], "every connector that validates gets a package")
        XCTAssertGreaterThanOrEqual(packages.count, 46)
        print("corpus: \(packages.count) packages, refused: \(refused.map(\.0))")
        for (_, _, files) in packages {
            // Package.swift, README.md, Client, Keys and the shared Operations file, then one file per class.
            XCTAssertEqual(files.filter { !$0.path.contains("/Operations/") }.count, 5)
            XCTAssertEqual(Set(files.map { $0.path.lowercased() }).count, files.count, "no two paths differ only in case")
        }
    }
}
