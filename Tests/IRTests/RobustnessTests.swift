import TestSupport
import Diagnostics
import Foundation
import GraphQL
import IR
import Schema
import Validation
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

    /// `query Q { movies { ...F0 } }` and `count` fragments, each selecting `title` and spreading
    /// the next: the operation nests `count + 2` selection sets.
    private static func chain(_ count: Int) -> String {
        let fragments = (0..<count).map { "fragment F\($0) on Movie { title \($0 + 1 < count ? "...F\($0 + 1)" : "") }" }
        return (["query Q @auth(level: PUBLIC) { movies { ...F0 } }"] + fragments).joined(separator: "\n")
    }

    /// A chain of 4,000 fragments: inlining it nested calls per fragment and overflowed the stack
    /// of a debug build. Nesting beyond the limit is validation's one error, and the operation is
    /// lowered without the fragments too deep to inline.
    func testChainOfFourThousandFragmentsIsOneError() throws {
        let (ir, diagnostics) = try IRFixture.build([Self.chain(4_000)])
        XCTAssertEqual(diagnostics.map(\.id), [.nestingTooDeep])
        XCTAssertEqual(diagnostics.map(\.message), ["Selections nest 4002 levels deep, counting the fragments spread; at most 128 are allowed."])
        XCTAssertEqual(diagnostics.first?.span?.range?.start.description, "1:1")
        XCTAssertEqual(ir.connectors.first?.operations.map(\.name), ["Q"])
    }

    /// A chain up to the limit is valid, and its fragments are inlined even when lowering is called
    /// on the 512 KB stack of a secondary thread on Apple platforms; one level more is the error.
    func testChainUpToTheLimitIsLoweredOnASmallStack() throws {
        let limit = Parser.maximumDepth
        let document = try Parser.parseDocument(SourceFile(path: "/project/connector/chain.gql", text: Self.chain(limit - 2)))
        let diagnostics = Validator.validate([document], schema: IRFixture.schema)
        XCTAssertEqual(diagnostics.map(\.message), [])
        let lowered = Watchdog.run(seconds: 120, stackSize: 512 << 10) {
            IRBuilder.lower([IRBuilder.ConnectorSource(id: "movies", documents: [document], diagnostics: [])], schema: IRFixture.schema)
        }
        let ir = try XCTUnwrap(lowered)
        let movies = try XCTUnwrap(ir.connectors.first?.operations.first?.selection.first)
        XCTAssertEqual(movies.children.map(\.responseKey), ["title"])
        XCTAssertEqual(movies.children.first?.mergedOccurrences, limit - 2)
        XCTAssertEqual(try IRFixture.build([Self.chain(limit - 1)]).1.map(\.id), [.nestingTooDeep])
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
