import TestSupport
import IR
import Schema
import XCTest
@testable import SwiftEmitter

/// What the emitter takes from the validated IR.
final class IRAdapterTests: XCTestCase {
    private let schema = """
        type Movie @table { title: String! rating: Float secret: String }
        """

    private func operations(_ text: String) throws -> [SwiftOperation] {
        let schema = try Emit.schema(self.schema)
        let (ir, diagnostics) = try Emit.ir(text, schema: schema)
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [])
        return try XCTUnwrap(ir.connectors.first).operations.filter(\.hasSwiftAPI).map(SwiftOperation.init)
    }

    func testRetiredOperationsAreLeftOut() throws {
        let result = try operations("""
            query Old @auth(level: PUBLIC) @retired { movies { title } }
            query Current @auth(level: PUBLIC) { movies { title } }
            """)
        XCTAssertEqual(result.map(\.name), ["Current"])
        XCTAssertEqual(result.map(\.className), ["CurrentQuery"])
        XCTAssertEqual(result.map(\.propertyName), ["currentQuery"])
    }

    func testRedactedAndRetiredFieldsAreLeftOut() throws {
        let result = try Emit.run(schema: schema, operations: """
            query Q @auth(level: PUBLIC) { movies { title secret @redact rating @retired } }
            """)
        let operations = try XCTUnwrap(result.files["QQuery.swift"])
        XCTAssertTrue(operations.contains("public var title: String\n"))
        XCTAssertFalse(operations.contains("secret"))
        XCTAssertFalse(operations.contains("rating"))
    }

    func testAliasesConditionsAndVariables() throws {
        let result = try operations("""
            "Top rated."
            query Q($min: Float = 4, $all: Boolean!, $old: Int @retired) @auth(level: PUBLIC) {
              best: movies(where: {rating: {ge: $min}}) { title rating @include(if: $all) }
            }
            """)
        let operation = try XCTUnwrap(result.first)
        XCTAssertEqual(operation.ir.description, "Top rated.")
        XCTAssertEqual(operation.kind, .query)
        XCTAssertEqual(operation.variables.map(\.name), ["min", "all"], "retired variables are left out")
        XCTAssertEqual(operation.variables.map(\.isRequired), [false, true])
        let best = try XCTUnwrap(operation.ir.selection.first)
        XCTAssertEqual(best.alias, "best")
        XCTAssertEqual(best.name, "movies")
        XCTAssertEqual(best.type.description, "[Movie!]!")
        XCTAssertEqual(best.children.map(\.isConditional), [false, true])
        XCTAssertNil(best.children.first?.alias)
    }

    func testOperationsWithErrorsProduceNoPackage() throws {
        let schema = try Emit.schema(self.schema)
        let (ir, diagnostics) = try Emit.ir("query Q @auth(level: PUBLIC) { movies { nope } }", schema: schema)
        XCTAssertFalse(diagnostics.isEmpty)
        let (files, errors) = Emit.emit(.test(package: "SDK"), ir)
        XCTAssertTrue(files.isEmpty)
        XCTAssertEqual(errors.map(\.message), ["no Swift SDK for connector 'test-conn': operations 'Q' have errors"])
        XCTAssertEqual(errors.map(\.id), [.emitOperationsHaveErrors])
    }

    /// The emitter declares the IR's types in the IR's order: it does not sort them again.
    func testTypesAreDeclaredInTheIROrder() throws {
        let schema = try Emit.schema("enum A { X } enum B { Y } type Movie @table { title: String! } type Actor @table { name: String! }")
        var (ir, _) = try Emit.ir("query Q @auth(level: PUBLIC) { movies { title } }", schema: schema)
        XCTAssertEqual(ir.enums.map(\.name), ["A", "B"])
        XCTAssertEqual(ir.keyTypes.map(\.table), ["Actor", "Movie"])
        ir.enums.reverse()
        ir.keyTypes.reverse()
        let files = Emit.emit(.test(), ir).files
        func order(_ file: String, _ names: [String]) throws -> [Int] {
            let text = try XCTUnwrap(files.first { $0.path.hasSuffix(file) }?.contents)
            return try names.map { try XCTUnwrap(text.range(of: $0)).lowerBound.utf16Offset(in: text) }
        }
        let enums = try order("TestConnOperations.swift", ["public enum B:", "public enum A:"])
        XCTAssertLessThan(enums[0], enums[1])
        let keys = try order("TestConnKeys.swift", ["public struct MovieKey", "public struct ActorKey"])
        XCTAssertLessThan(keys[0], keys[1])
    }

    /// dataconnect.yaml without `location`: the package uses Data Connect's default region.
    func testDefaultRegion() throws {
        var (ir, _) = try Emit.ir("query Q @auth(level: PUBLIC) { movies { title } }", schema: try Emit.schema(schema))
        ir.location = nil
        let client = try XCTUnwrap(Emit.emit(.test(), ir).files.first { $0.path.hasSuffix("Client.swift") }?.contents)
        XCTAssertTrue(client.contains(#""us-central1""#), client)
    }

    func testMissingLocationIsReported() throws {
        let result = try Emit.run(schema: schema, connector: ConnectorIdentity(connectorId: "c", serviceId: "s", location: ""))
        XCTAssertEqual(result.files, [:])
        XCTAssertEqual(result.errors, ["dataconnect.yaml needs a serviceId and a location for the Swift SDK"])
    }
}
