import Diagnostics
import XCTest
@testable import Validation

/// Spec 5.4.2: a field or directive gets each argument once.
final class UniqueArgumentNamesRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { UniqueArgumentNamesRule() }

    func testDistinctArgumentsAreValid() {
        assertValid("query A { movies(limit: 1, offset: 2, where: {title: {eq: \"x\"}}) { id } }", rule)
    }

    func testTheSameNameOnDifferentFieldsAndDirectivesIsValid() {
        assertValid("""
        query A {
          movies(limit: 1) @include(if: true) @skip(if: false) {
            reviews_on_movie(limit: 1) { id }
            actors_via_MovieActor(limit: 1) { id }
          }
          actors(limit: 1) { id }
        }
        """, rule)
    }

    func testInputFieldsOfTheSameNameAreNotArguments() {
        assertValid("query A { movies(orderBy: [{title: ASC}, {title: DESC}], where: {_or: [{title: {eq: \"a\"}}, {title: {eq: \"b\"}}]}) { id } }",
                    rule)
    }

    func testDuplicateFieldArgumentIsReportedAtTheRepeatedName() {
        assertLocated("""
        query A {
          movies(limit: 1, limit: 2) { id }
        }
        """, rule, [
            "2:20 There can be only one argument named \"limit\".",
        ])
    }

    func testDuplicateDirectiveArgument() {
        assertLocated("""
        query A {
          movies @include(if: true, if: false) { id }
        }
        """, rule, [
            "2:29 There can be only one argument named \"if\".",
        ])
    }

    func testDuplicateArgumentsOfDataConnectDirectives() {
        assertLocated("""
        query A @auth(level: PUBLIC, level: USER) {
          movies @check(expr: "true", message: "no", expr: "false") { id }
        }
        """, rule, [
            "1:30 There can be only one argument named \"level\".",
            "2:46 There can be only one argument named \"expr\".",
        ])
    }

    func testEachRepeatedNameIsReported() {
        assertLocated("""
        mutation A {
          movie_update(id: "0123456789abcdef0123456789abcdef", data: {}, data: {title: "x"}, id: null)
        }
        """, rule, [
            "2:66 There can be only one argument named \"data\".",
            "2:86 There can be only one argument named \"id\".",
        ])
    }

    func testANameRepeatedSeveralTimesIsReportedOnce() {
        // graphql-js reports each repeated name once, with all its occurrences.
        assertLocated("query A { movies(limit: 1, limit: 2, limit: 3) { id } }", rule, [
            "1:28 There can be only one argument named \"limit\".",
        ])
    }

    func testFragmentsAndNestedSelectionsAreChecked() {
        assertLocated("""
        query A { movies { ...F } }
        fragment F on Movie {
          reviews_on_movie(offset: 1, offset: 2) { id }
          ... on Movie { actors_via_MovieActor(distinct: true, distinct: false) { id } }
        }
        """, rule, [
            "3:31 There can be only one argument named \"offset\".",
            "4:56 There can be only one argument named \"distinct\".",
        ])
    }

    func testUnknownFieldsAndArgumentsAreCheckedToo() {
        // Uniqueness does not depend on the schema.
        assertLocated("query A { nope(a: 1, a: 2) movies(foo: 1, foo: 2) { id } }", rule, [
            "1:22 There can be only one argument named \"a\".",
            "1:43 There can be only one argument named \"foo\".",
        ])
    }
}
