import IR
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
