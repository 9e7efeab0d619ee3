import TestSupport
import Diagnostics
import Foundation
import GraphQL
import IR
import Schema
import XCTest

/// Validation and lowering never crash, however hostile the operations or empty the schema.
final class RobustnessTests: XCTestCase {
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
        let (ir, diagnostics) = IRFixture.lower([document], schema: Schema())
        XCTAssertFalse(diagnostics.isEmpty)
        XCTAssertEqual(ir.connectors.first?.operations.map(\.name), ["A", "S"])
    }
}
