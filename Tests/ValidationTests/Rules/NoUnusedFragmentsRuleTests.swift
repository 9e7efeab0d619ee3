import XCTest
@testable import Validation

/// Spec 5.5.1.4: every fragment is spread, directly or through other fragments, by some operation.
final class NoUnusedFragmentsRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { NoUnusedFragmentsRule() }

    func testDirectAndTransitiveUses() {
        assertValid("""
        query A { movies { ...F } }
        fragment F on Movie { id ...G reviews_on_movie { ...R } }
        fragment G on Movie { title }
        fragment R on Review { ... on Review { ...S } }
        fragment S on Review { text }
        """, rule)
    }

    func testUsedUnderTheQueryFieldOfAMutation() {
        assertValid("""
        mutation A { movie_insert(data: {title: "x"}) query { movies { ...F } } }
        fragment F on Movie { id }
        """, rule)
    }

    func testUsedFromAnotherFile() {
        XCTAssertEqual(Fixture.diagnostics(["query A { movies { ...F } }", "fragment F on Movie { id }"], rules: [rule]), [])
    }

    func testUnusedFragmentIsReportedAtItsDefinition() {
        assertLocated("""
        query A { movies { id } }
          fragment F on Movie { id }
        """, rule, ["2:3 Fragment \"F\" is never used."])
    }

    func testReportStartsAtTheFragmentsDescription() {
        assertLocated("""
        query A { movies { id } }
        "Spare fields."
        fragment F on Movie { id }
        """, rule, ["2:1 Fragment \"F\" is never used."])
    }

    func testFragmentSpreadOnlyByUnusedFragments() {
        assertLocated("""
        query A { movies { ...Used } }
        fragment Used on Movie { id }
        fragment Orphan on Movie { ...Child }
        fragment Child on Movie { title }
        """, rule, [
            "3:1 Fragment \"Orphan\" is never used.",
            "4:1 Fragment \"Child\" is never used.",
        ])
    }

    func testUnusedCycle() {
        assertLocated("""
        query A { movies { id } }
        fragment F on Movie { ...G }
        fragment G on Movie { ...F }
        """, rule, [
            "2:1 Fragment \"F\" is never used.",
            "3:1 Fragment \"G\" is never used.",
        ])
    }

    func testNoOperationsLeavesEveryFragmentUnused() {
        assertLocated("fragment F on Movie { id }\nfragment G on Actor { name }", rule, [
            "1:1 Fragment \"F\" is never used.",
            "2:1 Fragment \"G\" is never used.",
        ])
    }

    func testUnusedFragmentInAnotherFile() {
        let diagnostics = Fixture.diagnostics(["query A { movies { ...F } }\nfragment F on Movie { id }", "\nfragment Spare on Movie { id }"],
                                              rules: [rule])
        XCTAssertEqual(diagnostics.map(\.message), ["Fragment \"Spare\" is never used."])
        XCTAssertEqual(diagnostics.first?.span?.file.path, "connector/file1.gql")
        XCTAssertEqual(diagnostics.first?.span?.range?.start.line, 2)
    }
}
