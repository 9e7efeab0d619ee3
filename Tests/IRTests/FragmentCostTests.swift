import IR
import TestSupport
import XCTest

/// Lowering inlines each fragment once per selection, however often it is spread: the cost of a
/// chain of fragments that each spread the next one twice stays linear in the document.
final class FragmentCostTests: XCTestCase {
    /// `F0 { ...F1 ...F1 }` ... `Fn { title }`: inlined on every spread, `title` would be met 2^n times.
    private static func doublingChain(levels: Int) -> String {
        var text = "query Q { movies { ...F0 } }\n"
        for level in 0..<levels {
            text += "fragment F\(level) on Movie { ...F\(level + 1) ...F\(level + 1) }\n"
        }
        return text + "fragment F\(levels) on Movie { title }\n"
    }

    func testDoublingChainInlinesEachFragmentOnce() throws {
        let operation = try IRFixture.operation(Self.doublingChain(levels: 16))
        let movies = try XCTUnwrap(operation.selection.first)
        XCTAssertEqual(movies.children.map(\.responseKey), ["title"])
        // Was 2^16: one occurrence per path through the chain.
        XCTAssertEqual(movies.children.first?.mergedOccurrences, 1)
    }

    func testFragmentSpreadUnderDifferentFlagsKeepsBoth() throws {
        let operation = try IRFixture.operation("""
        query Q($x: Boolean!) { movies { ...F @include(if: $x) ...F ...F } }
        fragment F on Movie { title }
        """)
        let title = try XCTUnwrap(operation.selection.first?.children.first)
        // The unconditional spread makes the field unconditional; the repeated one adds nothing.
        XCTAssertFalse(title.isConditional)
        XCTAssertEqual(title.mergedOccurrences, 2)
    }
}

/// Diagnostics reach their operations by position, in the order reported, however many there are.
final class DiagnosticAttachmentTests: XCTestCase {
    func testEachOperationGetsTheDiagnosticsInsideIt() throws {
        let (ir, _) = try IRFixture.build([
            "query A { movies { titel } }\nfragment Unused on Movie { id }\nquery B { movies { id nme: name } }",
            "query C { movies { id } }\nquery D { movies { a: x b: y } }",
        ])
        let connector = try XCTUnwrap(ir.connectors.first)
        XCTAssertEqual(connector.operations.map { $0.diagnostics.map(\.message) }, [
            ["Cannot query field \"titel\" on type \"Movie\". Did you mean \"title\"?"],
            ["Cannot query field \"name\" on type \"Movie\"."],
            [],
            ["Cannot query field \"x\" on type \"Movie\".", "Cannot query field \"y\" on type \"Movie\"."],
        ])
        XCTAssertEqual(connector.diagnostics.map(\.message), ["Fragment \"Unused\" is never used."])
    }

    // Filtering every diagnostic for every operation took 58.6 s for 40,000 operations with one
    // error each; the watchdog fails (rather than waits) if the cost grows back to that.
    func testManyOperationsWithOneErrorEach() throws {
        let count = 40_000
        let text = (0..<count).map { "query Q\($0) { movies { titel } }" }.joined(separator: "\n")
        let ir = try XCTUnwrap(Watchdog.run(seconds: 30) { try? IRFixture.build([text]).0 })
        let operations = try XCTUnwrap(ir?.connectors.first?.operations)
        XCTAssertEqual(operations.count, count)
        XCTAssertTrue(operations.allSatisfy { $0.diagnostics.count == 1 })
    }
}
