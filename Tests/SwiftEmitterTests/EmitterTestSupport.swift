import TestSupport
import Diagnostics
import GraphQL
import IR
import Project
import Schema
import SwiftEmitterTestSupport
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

    /// The validated IR of `text` for `connector`; validation errors are returned with the emitter's.
    static func ir(_ text: String, schema: Schema, connector: ConnectorIdentity = connector) throws -> (IR, [Diagnostic]) {
        let document = try Parser.parseDocument(SourceFile(path: "ops.gql", text: text))
        var (ir, diagnostics) = ValidatedIR.build(connector: connector.connectorId, documents: [document], schema: schema)
        (ir.serviceId, ir.location) = (connector.serviceId, connector.location)
        return (ir, diagnostics)
    }

    /// The named types of a package for `sdl`, and the diagnostics of finding them.
    static func types(_ sdl: String, file: StaticString = #filePath, line: UInt = #line) throws -> (SwiftTypes, [Diagnostic]) {
        let (ir, _) = try ir("query Q { __typename }", schema: try schema(sdl, file: file, line: line))
        var diagnostics = DiagnosticCollector()
        return (SwiftTypes(ir: ir, connector: try XCTUnwrap(ir.connectors.first), diagnostics: &diagnostics), diagnostics.diagnostics)
    }

    /// The emitter's output for the IR's one connector.
    static func emit(_ sdk: SwiftSDKConfig, _ ir: IR) -> (files: [GeneratedSwiftFile], diagnostics: [Diagnostic]) {
        collecting { SwiftEmitter.emit(sdk, connector: ir.connectors[0], in: ir, diagnostics: &$0) }
    }

    /// The generated files of an inline project, failing the test on any diagnostic.
    static func files(
        schema sdl: String, operations text: String, sdk: SwiftSDKConfig, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [GeneratedSwiftFile] {
        let schema = try schema(sdl, file: file, line: line)
        let (ir, validation) = try ir(text, schema: schema)
        XCTAssertEqual(validation.filter { $0.severity == .error }.map(\.message), [], file: file, line: line)
        let (files, diagnostics) = emit(sdk, ir)
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
        let (ir, validation) = try ir(text, schema: schema, connector: connector)
        let validationErrors = validation.filter { $0.severity == .error }.map(\.message)
        guard validationErrors.isEmpty else { return ([:], validationErrors) }
        let (files, diagnostics) = emit(sdk, ir)
        var byName = Dictionary(files.map { (($0.path as NSString).lastPathComponent, $0.contents) }, uniquingKeysWith: { a, _ in a })
        let classes = files.filter { $0.path.hasPrefix("Sources/Operations/") }.map(\.contents)
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
