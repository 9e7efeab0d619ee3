import Diagnostics
import XCTest
@testable import Validation

/// Spec 5.4.2.1: every non-null argument without a default is given.
final class ProvidedRequiredArgumentsRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { ProvidedRequiredArgumentsRule() }

    func testRequiredArgumentsGivenAreValid() {
        assertValid("""
        mutation A($d: Movie_Data!) {
          movie_insert(data: {title: "x"})
          movie_update(id: "0123456789abcdef0123456789abcdef", data: $d)
        }
        query B { movies @include(if: true) { id @skip(if: false) } }
        """, rule)
    }

    func testMissingFieldArgumentIsReportedAtTheField() {
        assertLocated("""
        mutation A {
          movie_insert
        }
        """, rule, [
            "2:3 Field \"movie_insert\" argument \"data\" of type \"Movie_Data!\" is required, but it was not provided.",
        ])
    }

    func testMissingArgumentOfAnAliasedFieldIsReportedAtTheAlias() {
        assertLocated("""
        mutation A {
          made: movie_insertMany
        }
        """, rule, [
            "2:3 Field \"movie_insertMany\" argument \"data\" of type \"[Movie_Data!]!\" is required, but it was not provided.",
        ])
    }

    func testOtherArgumentsDoNotStandInForTheRequiredOne() {
        assertLocated("""
        mutation A {
          movie_update(id: "0123456789abcdef0123456789abcdef")
        }
        """, rule, [
            "2:3 Field \"movie_update\" argument \"data\" of type \"Movie_Data!\" is required, but it was not provided.",
        ])
    }

    func testMissingDirectiveArgumentsAreReportedAtEachDirective() {
        assertLocated("""
        query A {
          movies @include @skip { id }
        }
        """, rule, [
            "2:10 Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.",
            "2:19 Directive \"@skip\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.",
        ])
    }

    func testNonNullArgumentsWithDefaultsAndNullableArgumentsAreOptional() {
        // `@check(expr:, message:)` are non-null with defaults; `@auth`'s one-of is OneOfRule's business.
        assertValid("""
        query A @auth @refresh {
          movies @check { id }
        }
        mutation B($d: Movie_Data! @allow(fields: "title")) { movie_insert(data: $d) }
        """, rule)
    }

    func testDataConnectDirectiveOnAVariableDefinition() {
        assertLocated("""
        mutation A($d: Movie_Data! @allow(maxCount: 5)) {
          movie_insert(data: $d)
        }
        """, rule, [
            "1:28 Directive \"@allow\" argument \"fields\" of type \"String!\" is required, but it was not provided.",
        ])
    }

    func testFragmentsAndNestedSelectionsAreChecked() {
        assertLocated("""
        query A { movies { ...F } }
        fragment F on Movie {
          reviews_on_movie { id @include }
          ... on Movie { title @skip }
        }
        mutation B { query { movies { id } } m: movie_upsert }
        """, rule, [
            "3:25 Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.",
            "4:24 Directive \"@skip\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.",
            "6:38 Field \"movie_upsert\" argument \"data\" of type \"Movie_Data!\" is required, but it was not provided.",
        ])
    }

    func testNullAndVariablesCountAsProvided() {
        // Whether the value fits is ValuesOfCorrectType's and VariablesInAllowedPosition's business.
        assertValid("mutation A($d: Movie_Data) { a: movie_insert(data: null) b: movie_insert(data: $d) }", rule)
    }

    func testUnknownFieldsAndDirectivesAreLeftToOtherRules() {
        assertValid("query A { movies @cached { nope } }\nmutation B { movie_create }", rule)
    }
}
