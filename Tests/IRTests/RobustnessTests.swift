import Diagnostics
import Foundation
import GraphQL
import IR
import Schema
import TestSupport
import XCTest

/// Validation and lowering never crash, whatever part of a real connector file they get.
final class RobustnessTests: XCTestCase {
    func testTruncatedCorpusConnectorsNeverCrash() throws {
        let corpus = try SharedFolder.corpus().appendingPathComponent("firebase__data-connect-ios-sdk")
        let schemaText = try String(contentsOf: corpus.appendingPathComponent("schema/schema.gql"), encoding: .utf8)
        let schemaDocument = try Parser.parseDocument(SourceFile(path: "schema.gql", text: schemaText))
        let schema = try XCTUnwrap(SchemaBuilder.build(userSchema: [schemaDocument]).0)
        var lowered = 0
        for name in ["queries.gql", "mutations.gql"] {
            let bytes = Array(try Data(contentsOf: corpus.appendingPathComponent("movie-connector/\(name)")))
            // Cutting a file anywhere, or dropping a slice from its middle, gives every kind of half-written operation.
            for cut in stride(from: 0, to: bytes.count, by: 13) {
                for variant in [Array(bytes[..<cut]), Array(bytes[..<cut] + bytes[min(bytes.count, cut + 40)...])] {
                    guard let document = try? Parser.parseDocument(SourceFile(path: name, bytes: variant)) else { continue }
                    let (ir, _) = IRBuilder.build(connectors: [(id: "c", files: [document])], schema: schema)
                    lowered += ir.connectors.first?.operations.count ?? 0
                }
            }
        }
        XCTAssertGreaterThan(lowered, 100)
    }

    /// Lowering an operation that spreads a cycle of 20,000 fragments: inlining it would nest a
    /// call per fragment and overflow the stack. The cycle is validation's one error, and the
    /// operation is lowered without it.
    func testOperationSpreadingAVeryLongCycleIsLowered() throws {
        let count = 20_000
        let fragments = (0..<count).map { "fragment F\($0) on Movie { title ...F\(($0 + 1) % count) }" }
        let (ir, diagnostics) = try IRFixture.build([(["query Q @auth(level: PUBLIC) { movies { id ...F0 } }"] + fragments).joined(separator: "\n")])
        XCTAssertEqual(diagnostics.map(\.message), [
            "Cannot spread fragment \"F0\" within itself via \"F1\", \"F2\", \"F3\", \"F4\", \"F5\", \"F6\", \"F7\", \"F8\", \"F9\", \"F10\" and 19989 more.",
        ])
        XCTAssertEqual(ir.connectors.first?.operations.map(\.name), ["Q"])
    }

    func testOperationsAgainstAnEmptySchema() throws {
        let document = try Parser.parseDocument(SourceFile(path: "q.gql", text: """
        query A($x: Movie_Filter = {title: {eq: "x"}}) @auth(level: PUBLIC) { movies(where: $x) { id ...F } }
        fragment F on Movie { id }
        subscription S { x }
        """))
        let (ir, diagnostics) = IRBuilder.build(connectors: [(id: "c", files: [document])], schema: Schema())
        XCTAssertFalse(diagnostics.isEmpty)
        XCTAssertEqual(ir.connectors.first?.operations.map(\.name), ["A", "S"])
    }
}
