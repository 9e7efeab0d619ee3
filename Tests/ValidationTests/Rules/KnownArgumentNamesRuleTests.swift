import XCTest
@testable import Validation

/// Spec 5.4.1: every argument is declared by its field or directive.
final class KnownArgumentNamesRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { KnownArgumentNamesRule() }

    func testFieldAndDirectiveArguments() {
        assertValid("""
        query A($n: Int = 2, $show: Boolean!) @auth(level: PUBLIC) {
          movies(where: {title: {eq: "x"}}, orderBy: [{title: ASC}], limit: $n, offset: 1) @include(if: $show) {
            reviews_on_movie(limit: 1) @check(expr: "this != null", message: "none") { text }
          }
        }
        """, rule)
    }

    func testDataConnectDirectiveArguments() {
        assertValid("""
        query A @auth(expr: "auth.uid != null", insecureReason: "demo") @refresh(every: "5s") { movies { id } }
        mutation B($d: Movie_Data! @allow(fields: "title", maxCount: 1)) @transaction { movie_insert(data: $d) }
        """, rule)
    }

    func testUnknownFieldArgumentIsSuggested() {
        assertLocated("query A { movies(limt: 3) { id } }", rule,
                      ["1:18 Unknown argument \"limt\" on field \"Query.movies\". Did you mean \"limit\"?"])
    }

    func testUnknownFieldArgumentWithoutSuggestion() {
        assertLocated("query A { movies(limit: 1, bogus: true) { id } }", rule,
                      ["1:28 Unknown argument \"bogus\" on field \"Query.movies\"."])
    }

    func testUnknownDirectiveArgument() {
        assertLocated("""
        query A {
          movies @include(iff: true) @skip(unless: false) { id }
        }
        """, rule, [
            "2:19 Unknown argument \"iff\" on directive \"@include\". Did you mean \"if\"?",
            "2:36 Unknown argument \"unless\" on directive \"@skip\".",
        ])
    }

    func testDataConnectDirectiveTypos() {
        assertLocated("""
        query A @auth(levle: PUBLIC) @refresh(evry: "5s") { movies @check(expr: "true", msg: "no") { id } }
        """, rule, [
            "1:15 Unknown argument \"levle\" on directive \"@auth\". Did you mean \"level\"?",
            "1:39 Unknown argument \"evry\" on directive \"@refresh\". Did you mean \"every\"?",
            "1:81 Unknown argument \"msg\" on directive \"@check\".",
        ])
    }

    func testExprIsAKeyFieldNotAnArgument() {
        assertValid("mutation A { movie_update(key: {id_expr: \"auth.uid\"}, data: {title: \"x\"}) }", rule)
        assertLocated("mutation A { movie_update(id_expr: \"auth.uid\", data: {title: \"x\"}) }", rule,
                      ["1:27 Unknown argument \"id_expr\" on field \"Mutation.movie_update\"."])
    }

    func testNestedFieldInAFragment() {
        assertLocated("""
        query A { movies { ...F } }
        fragment F on Movie {
          ... on Movie { reviews_on_movie(limt: 1) { text } }
        }
        """, rule, ["3:35 Unknown argument \"limt\" on field \"Movie.reviews_on_movie\". Did you mean \"limit\"?"])
    }

    func testMutationArgumentTypo() {
        assertLocated("mutation A { movie_insert(dat: {title: \"x\"}) }", rule,
                      ["1:27 Unknown argument \"dat\" on field \"Mutation.movie_insert\". Did you mean \"data\"?"])
    }

    func testArgumentsOfUnknownFieldsAndDirectivesAreLeftToOtherRules() {
        assertValid("query A { films(limt: 1) { id } movies @cached(ttl: 1) { id } }", rule)
    }
}
