import XCTest
@testable import Validation

/// Spec 5.5.2.1: every spread names a fragment of the connector.
final class KnownFragmentNamesRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { KnownFragmentNamesRule() }

    func testSpreadsOfDefinedFragments() {
        assertValid("""
        query A { movies { ...F reviews_on_movie { ...R } ... on Movie { ...F } } }
        fragment F on Movie { id ...G }
        fragment G on Movie { title }
        fragment R on Review { text }
        """, rule)
    }

    func testFragmentDefinedInAnotherFile() {
        XCTAssertEqual(Fixture.diagnostics(["query A { movies { ...F } }", "fragment F on Movie { id }"], rules: [rule]), [])
    }

    func testUnknownFragmentIsSuggested() {
        assertLocated("""
        query A { movies { ...Fx } }
        fragment F on Movie { id }
        fragment Fy on Movie { id }
        """, rule, ["1:23 Unknown fragment \"Fx\". Did you mean \"F\"?"])
    }

    func testUnknownFragmentWithoutSuggestion() {
        assertLocated("""
        query A { movies { ...MovieDetails } }
        fragment F on Movie { id }
        """, rule, ["1:23 Unknown fragment \"MovieDetails\"."])
    }

    func testEverySpreadIsReported() {
        assertLocated("""
        query A {
          movies { ...Missing ...Missing }
          actors { ... on Actor { ...ActorFields } }
        }
        """, rule, [
            "2:15 Unknown fragment \"Missing\".",
            "2:26 Unknown fragment \"Missing\".",
            "3:30 Unknown fragment \"ActorFields\".",
        ])
    }

    func testUnknownSpreadInsideAFragment() {
        assertLocated("""
        query A { movies { ...F } }
        fragment F on Movie {
          reviews_on_movie { ...ReviewFeilds }
        }
        fragment ReviewFields on Review { text }
        """, rule, ["3:25 Unknown fragment \"ReviewFeilds\". Did you mean \"ReviewFields\"?"])
    }

    func testSpreadWithDirectives() {
        assertLocated("query A($show: Boolean!) { movies { ...Hidden @include(if: $show) @redact } }", rule,
                      ["1:40 Unknown fragment \"Hidden\"."])
    }

    func testSpreadUnderTheQueryFieldOfAMutation() {
        assertLocated("""
        mutation A @transaction {
          movie_insert(data: {title: "x"})
          query { movies { ...Inserted @check(expr: "this != []") } }
        }
        """, rule, ["3:23 Unknown fragment \"Inserted\"."])
    }
}
