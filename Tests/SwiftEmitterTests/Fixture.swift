import Diagnostics
import Foundation
import GraphQL
import IR
import Schema
import XCTest
@testable import SwiftEmitter

/// A Data Connect project under `Fixtures/`, loaded for emitter tests.
struct Fixture {
    /// The package root (the folder holding `Package.swift`), found from this file.
    static let packageRoot: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    }()

    let name: String
    let connectorFolder: String
    let connector: ConnectorIdentity
    let options: SwiftSDKOptions

    var root: URL { Self.packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(name) }

    /// The synthesized schema of `schema/*.gql`; fails the test on schema errors.
    func schema(file: StaticString = #filePath, line: UInt = #line) throws -> Schema {
        let documents = try gqlFiles(in: root.appendingPathComponent("schema")).map(Self.parse)
        let (schema, diagnostics) = SchemaBuilder.build(userSchema: documents)
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.description), [], file: file, line: line)
        return try XCTUnwrap(schema, file: file, line: line)
    }

    /// The validated IR of the connector's operations; fails the test on validation errors.
    func ir(schema: Schema, file: StaticString = #filePath, line: UInt = #line) throws -> IRConnector {
        let documents = try gqlFiles(in: root.appendingPathComponent(connectorFolder)).map(Self.parse)
        let (ir, diagnostics) = IRBuilder.build(connectors: [(id: connector.connectorId, files: documents)], schema: schema)
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.description), [], file: file, line: line)
        return try XCTUnwrap(ir.connectors.first, file: file, line: line)
    }

    /// The emitter's output for this fixture, from schema synthesis and the validated IR.
    func emit(runtime: RuntimeDependency? = nil, file: StaticString = #filePath, line: UInt = #line) throws
        -> (files: [GeneratedSwiftFile], diagnostics: [Diagnostic]) {
        var options = self.options
        if let runtime { options.runtime = runtime }
        let schema = try schema(file: file, line: line)
        return SwiftEmitter.emit(connector: connector, options: options, schema: schema, ir: try ir(schema: schema, file: file, line: line))
    }

    private func gqlFiles(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .filter { $0.hasSuffix(".gql") }
            .map { folder.appendingPathComponent($0) }
    }

    private static func parse(_ url: URL) throws -> Document {
        let relative = url.path.replacingOccurrences(of: packageRoot.path + "/", with: "")
        return try Parser.parseDocument(SourceFile(path: relative, text: String(contentsOf: url, encoding: .utf8)))
    }

    /// The settings written in each fixture's `connector.yaml` and `dataconnect.yaml`.
    static let library = Fixture(
        name: "library", connectorFolder: "city-library",
        connector: ConnectorIdentity(connectorId: "city-library", serviceId: "stacks", location: "europe-west1"),
        options: SwiftSDKOptions(packageName: "LibrarySDK"))
    static let realtime = Fixture(
        name: "realtime", connectorFolder: "movies",
        connector: ConnectorIdentity(connectorId: "movies", serviceId: "friendly-flix", location: "us-central1"),
        options: SwiftSDKOptions(packageName: "MoviesSDK", clientCache: ClientCacheOptions(storage: .memory, maxAge: 30)))
    static let scalars = Fixture(
        name: "scalars", connectorFolder: "scalars",
        connector: ConnectorIdentity(connectorId: "scalar_kitchen", serviceId: "kitchen", location: "asia-northeast1"),
        options: SwiftSDKOptions(packageName: "ScalarKitchen", observablePublisher: .observableObject))

    static let all = [library, realtime, scalars]
}
