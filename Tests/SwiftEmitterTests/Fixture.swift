import Diagnostics
import Foundation
import GraphQL
import IR
import Project
import Schema
import SwiftEmitterTestSupport
import TestSupport
import XCTest
@testable import SwiftEmitter

/// A Data Connect project under `Fixtures/` with one connector and one `swiftSdk` entry, loaded
/// through the real stages: project files, schema synthesis, validation and IR.
struct Fixture {
    /// The package root (the folder holding `Package.swift`).
    static var packageRoot: URL { SharedFolder.packageRoot }

    static let library = Fixture(name: "library")
    static let realtime = Fixture(name: "realtime")
    static let scalars = Fixture(name: "scalars")
    static let all = [library, realtime, scalars]

    let name: String

    /// Everything the emitter needs, as the command line would assemble it.
    struct Loaded {
        /// With an `sdkgenRuntime` path relative to the package folder.
        var sdk: SwiftSDKConfig
        var ir: IR
    }

    func load(file: StaticString = #filePath, line: UInt = #line) throws -> Loaded {
        let directory = Self.packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(name).path
        let result = ProjectLoader.load(directory: directory)
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.description), [], file: file, line: line)
        let project = try XCTUnwrap(result.project, file: file, line: line)
        let connector = try XCTUnwrap(project.connectors.first, file: file, line: line)
        let sdk = try XCTUnwrap(connector.config.swiftSDKs.first, file: file, line: line)

        let (schema, schemaDiagnostics) = try collecting { SchemaBuilder.build(userSchema: try project.schemaFiles.map { try Parser.parseDocument($0) }, diagnostics: &$0) }
        XCTAssertEqual(schemaDiagnostics.filter { $0.severity == .error }.map(\.description), [], file: file, line: line)
        let documents = try connector.files.map { try Parser.parseDocument($0) }
        var (ir, irDiagnostics) = ValidatedIR.build(connector: connector.config.connectorId, documents: documents,
                                                    schema: try XCTUnwrap(schema, file: file, line: line))
        XCTAssertEqual(irDiagnostics.filter { $0.severity == .error }.map(\.description), [], file: file, line: line)
        (ir.serviceId, ir.location) = (project.config.serviceId, project.config.location)
        return Loaded(sdk: connector.resolvingRuntimePath(of: sdk), ir: ir)
    }

    /// The emitter's output, optionally with other options (a runtime path set by `adjust` is
    /// used as written).
    func emit(
        file: StaticString = #filePath, line: UInt = #line, adjust: (inout SwiftSDKConfig) -> Void = { _ in }
    ) throws -> (files: [GeneratedSwiftFile], diagnostics: [Diagnostic], sdk: SwiftSDKConfig) {
        let loaded = try load(file: file, line: line)
        var sdk = loaded.sdk
        adjust(&sdk)
        let (files, diagnostics) = Emit.emit(sdk, loaded.ir)
        return (files, diagnostics, sdk)
    }
}
