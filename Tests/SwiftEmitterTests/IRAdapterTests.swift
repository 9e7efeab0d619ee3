import IR
import Schema
import XCTest
@testable import SwiftEmitter

/// What the emitter takes from the validated IR.
final class IRAdapterTests: XCTestCase {
    private let schema = """
        type Movie @table { title: String! rating: Float secret: String }
        """

    private func models(_ operations: String) throws -> [OperationModel] {
        let schema = try Emit.schema(self.schema)
        let (ir, diagnostics) = try Emit.ir(operations, schema: schema)
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }.map(\.message), [])
        return try XCTUnwrap(ir).operations.compactMap { OperationModel($0) }
    }

    func testRetiredOperationsAreLeftOut() throws {
        let result = try models("""
            query Old @auth(level: PUBLIC) @retired { movies { title } }
            query Current @auth(level: PUBLIC) { movies { title } }
            """)
        XCTAssertEqual(result.map(\.name), ["Current"])
    }

    func testRedactedAndRetiredFieldsAreLeftOut() throws {
        let result = try models("""
            query Q @auth(level: PUBLIC) { movies { title secret @redact rating @retired } }
            """)
        XCTAssertEqual(result.first?.selections.first?.selections.map(\.name), ["title"])
    }

    func testAliasesConditionsAndVariables() throws {
        let result = try models("""
            "Top rated."
            query Q($min: Float = 4, $all: Boolean!) @auth(level: PUBLIC) {
              best: movies(where: {rating: {ge: $min}}) { title rating @include(if: $all) }
            }
            """)
        let operation = try XCTUnwrap(result.first)
        XCTAssertEqual(operation.description, "Top rated.")
        XCTAssertEqual(operation.kind, .query)
        XCTAssertEqual(operation.variables.map(\.name), ["min", "all"])
        XCTAssertEqual(operation.variables.map(\.isRequired), [false, true])
        let best = try XCTUnwrap(operation.selections.first)
        XCTAssertEqual(best.alias, "best")
        XCTAssertEqual(best.name, "movies")
        XCTAssertEqual(best.type.description, "[Movie!]!")
        XCTAssertEqual(best.selections.map(\.isConditional), [false, true])
    }

    func testOperationsWithErrorsProduceNoPackage() throws {
        let schema = try Emit.schema(self.schema)
        let (ir, diagnostics) = try Emit.ir("query Q @auth(level: PUBLIC) { movies { nope } }", schema: schema)
        XCTAssertFalse(diagnostics.isEmpty)
        let (files, errors) = SwiftEmitter.emit(
            connector: Emit.connector, options: SwiftSDKOptions(packageName: "SDK"), schema: schema, ir: try XCTUnwrap(ir))
        XCTAssertEqual(files, [])
        XCTAssertEqual(errors.map(\.message), ["no Swift SDK for connector 'test-conn': operations 'Q' have errors"])
    }

    func testMissingLocationIsReported() throws {
        let result = try Emit.run(schema: schema, connector: ConnectorIdentity(connectorId: "c", serviceId: "s", location: ""))
        XCTAssertEqual(result.files, [:])
        XCTAssertEqual(result.errors, ["dataconnect.yaml needs a serviceId and a location for the Swift SDK"])
    }
}
