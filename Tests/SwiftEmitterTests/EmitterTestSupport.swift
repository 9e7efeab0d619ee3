import TestSupport
import Diagnostics
import GraphQL
import IR
import Project
import Schema
import XCTest
@testable import SwiftEmitter

/// Emits packages for small inline projects.
enum Emit {
    static let connector = ConnectorIdentity(connectorId: "test-conn", serviceId: "svc", location: "us-east1")

    static func schema(_ sdl: String, file: StaticString = #filePath, line: UInt = #line) throws -> Schema {
        let document = try Parser.parseDocument(SourceFile(path: "schema.gql", text: sdl))
        let (schema, diagnostics) = collecting { SchemaBuilder.build(userSchema: [document], diagnostics: &$0) }
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.description), [], file: file, line: line)
        return try XCTUnwrap(schema, file: file, line: line)
    }

    /// The validated IR of `text`; validation errors are returned with the emitter's.
    static func ir(_ text: String, schema: Schema) throws -> (IRConnector?, [Diagnostic]) {
        let document = try Parser.parseDocument(SourceFile(path: "ops.gql", text: text))
        let (ir, diagnostics) = collecting { IRBuilder.build(connectors: [(id: connector.connectorId, files: [document])], schema: schema, diagnostics: &$0) }
        return (ir.connectors.first, diagnostics)
    }

    /// The generated files of an inline project, failing the test on any diagnostic.
    static func files(
        schema sdl: String, operations text: String, sdk: SwiftSDKConfig, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [GeneratedSwiftFile] {
        let schema = try schema(sdl, file: file, line: line)
        let (ir, validation) = try ir(text, schema: schema)
        XCTAssertEqual(validation.filter { $0.severity == .error }.map(\.message), [], file: file, line: line)
        let (files, diagnostics) = try collecting { SwiftEmitter.emit(sdk, connector: connector, schema: schema, ir: try XCTUnwrap(ir), diagnostics: &$0) }
        XCTAssertEqual(diagnostics.map(\.message), [], file: file, line: line)
        return files
    }

    /// Output files by name (`Package.swift`, `TestConnOperations.swift`, …) and diagnostics.
    /// The classes of `Operations/*.swift` are appended to `TestConnOperations.swift`, so that a
    /// test finds every operation's code in one place; the class files keep their own names too.
    static func run(
        schema sdl: String, operations text: String = "", sdk: SwiftSDKConfig = .test(),
        connector: ConnectorIdentity = connector, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (files: [String: String], errors: [String]) {
        let schema = try schema(sdl, file: file, line: line)
        let (ir, validation) = try ir(text, schema: schema)
        let validationErrors = validation.filter { $0.severity == .error }.map(\.message)
        guard validationErrors.isEmpty, let ir else { return ([:], validationErrors) }
        let (files, diagnostics) = collecting { SwiftEmitter.emit(sdk, connector: connector, schema: schema, ir: ir, diagnostics: &$0) }
        var byName = Dictionary(files.map { (($0.path as NSString).lastPathComponent, $0.contents) }, uniquingKeysWith: { a, _ in a })
        let classes = files.filter { $0.path.contains("/Operations/") }.map(\.contents)
        byName["TestConnOperations.swift"]? += classes.joined()
        return (byName, diagnostics.filter { $0.severity == .error }.map(\.message))
    }
}

extension SwiftSDKConfig {
    /// A `swiftSdk` entry as `connector.yaml` would give it, with the reader's defaults.
    static func test(
        package: String = "TestSDK", observablePublisher: ObservablePublisher = .observableMacro,
        clientCache: ClientCacheConfig? = nil, runtime: RuntimeChoice = .firebase
    ) -> SwiftSDKConfig {
        SwiftSDKConfig(outputDir: ".", package: package, observablePublisher: observablePublisher, clientCache: clientCache,
                       runtime: runtime, span: SourceSpan(file: SourceFile(path: "connector.yaml", text: ""), range: nil))
    }
}
