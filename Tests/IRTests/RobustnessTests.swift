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
