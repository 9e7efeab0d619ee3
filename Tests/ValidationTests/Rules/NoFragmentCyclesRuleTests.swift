import XCTest
@testable import Validation

/// Spec 5.5.2.2: fragments must not spread themselves, directly or through other fragments.
final class NoFragmentCyclesRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { NoFragmentCyclesRule() }

    func testChainsAndRepeatedSpreadsAreNotCycles() {
        assertValid("""
        query A { movies { ...F ...F } }
        fragment F on Movie { ...G ...G ... on Movie { ...H } }
        fragment G on Movie { ...H }
        fragment H on Movie { reviews_on_movie { ...R } }
        fragment R on Review { text }
        """, rule)
    }

    func testSpreadOfAnUnknownFragmentEndsThePath() {
        assertValid("fragment F on Movie { ...Missing }", rule)
    }

    func testDirectSelfSpread() {
        assertLocated("fragment F on Movie { id ...F }", rule, ["1:26 Cannot spread fragment \"F\" within itself."])
    }

    func testSelfSpreadInsideAnInlineFragment() {
        assertLocated("fragment F on Movie { ... on Movie { ...F } }", rule, ["1:38 Cannot spread fragment \"F\" within itself."])
    }

    func testSelfSpreadInANestedSelection() {
        assertLocated("""
        fragment F on Movie {
          reviews_on_movie {
            movie { ...F }
          }
        }
        """, rule, ["3:13 Cannot spread fragment \"F\" within itself."])
    }

    func testTwoFragmentCycleIsReportedOnce() {
        assertLocated("""
        fragment F on Movie { ...G }
        fragment G on Movie { ...F }
        """, rule, ["1:23 Cannot spread fragment \"F\" within itself via \"G\"."])
    }

    func testLongCycleNamesEveryFragmentOnTheWay() {
        assertLocated("""
        fragment F on Movie { ...G }
        fragment G on Movie { ...H }
        fragment H on Movie { ...F }
        """, rule, ["1:23 Cannot spread fragment \"F\" within itself via \"G\", \"H\"."])
    }

    func testTwoPathsBackToTheSameFragment() {
        assertLocated("""
        fragment A on Movie { ...B ...C }
        fragment B on Movie { ...A }
        fragment C on Movie { ...A }
        """, rule, [
            "1:23 Cannot spread fragment \"A\" within itself via \"B\".",
            "1:28 Cannot spread fragment \"A\" within itself via \"C\".",
        ])
    }

    func testCyclesSharingAFragment() {
        assertLocated("""
        fragment A on Movie { ...B }
        fragment B on Movie { ...C }
        fragment C on Movie { ...O }
        fragment X on Movie { ...Y }
        fragment Y on Movie { ...Z }
        fragment Z on Movie { ...O }
        fragment O on Movie { ...P }
        fragment P on Movie { ...A ...X }
        """, rule, [
            "1:23 Cannot spread fragment \"A\" within itself via \"B\", \"C\", \"O\", \"P\".",
            "7:23 Cannot spread fragment \"O\" within itself via \"P\", \"X\", \"Y\", \"Z\".",
        ])
    }

    func testSelfSpreadAndLongerCycleTogether() {
        assertLocated("""
        fragment A on Movie { ...B }
        fragment B on Movie { ...B ...C }
        fragment C on Movie { ...A ...B }
        """, rule, [
            "1:23 Cannot spread fragment \"A\" within itself via \"B\", \"C\".",
            "2:23 Cannot spread fragment \"B\" within itself.",
            "2:28 Cannot spread fragment \"B\" within itself via \"C\".",
        ])
    }

    func testCycleAcrossFilesIsReportedInTheFileOfItsFirstSpread() {
        let diagnostics = Fixture.diagnostics(["query Q { movies { ...F } }\nfragment F on Movie { ...G }", "fragment G on Movie { ...F }"],
                                              rules: [rule])
        XCTAssertEqual(diagnostics.map(\.message), ["Cannot spread fragment \"F\" within itself via \"G\"."])
        XCTAssertEqual(diagnostics.first?.span?.file.path, "connector/file0.gql")
        XCTAssertEqual(diagnostics.first?.span?.range?.start.line, 2)
    }

    func testCycleDoesNotHangTheOtherRules() {
        let diagnostics = Fixture.diagnostics(["query A { movies { ...F } }\nfragment F on Movie { id reviews_on_movie { movie { ...F } } ...F }"])
        XCTAssertTrue(diagnostics.contains { $0.message.hasPrefix("Cannot spread fragment \"F\" within itself") })
    }

    func testALongCycleNamesItsFirstTenFragments() {
        let text = (0..<12).map { "fragment F\($0) on Movie { ...F\(($0 + 1) % 12) }" }.joined(separator: "\n")
        assertLocated(text, rule, [
            "1:24 Cannot spread fragment \"F0\" within itself via \"F1\", \"F2\", \"F3\", \"F4\", \"F5\", \"F6\", \"F7\", \"F8\", \"F9\", \"F10\" and 1 more.",
        ])
    }

    /// A cycle through 20,000 fragments, each selecting a field, under every rule: a search per
    /// fragment would take 20,000² steps (and overflow the stack), so this returns only when the
    /// cycle is found in one pass and the rules that inline fragments stay out of it.
    func testCycleOfTwentyThousandFragmentsIsOneError() {
        let count = 20_000
        let fragments = (0..<count).map { "fragment F\($0) on Movie { id ...F\(($0 + 1) % count) }" }
        let diagnostics = Fixture.diagnostics([(["query Q { movies { ...F0 } }"] + fragments).joined(separator: "\n")])
        XCTAssertEqual(diagnostics.map(\.message), [
            "Cannot spread fragment \"F0\" within itself via \"F1\", \"F2\", \"F3\", \"F4\", \"F5\", \"F6\", \"F7\", \"F8\", \"F9\", \"F10\" and 19989 more.",
        ])
        XCTAssertEqual(diagnostics.first?.span?.range?.start.description, "2:27")
    }
}
