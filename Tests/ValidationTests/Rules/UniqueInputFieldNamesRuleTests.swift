import Diagnostics
import XCTest
@testable import Validation

/// Spec 5.6.3: an input object literal gives each field once.
final class UniqueInputFieldNamesRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { UniqueInputFieldNamesRule() }

    func testDistinctFieldsAreValid() {
        assertValid("mutation A { movie_insert(data: {title: \"x\", releaseYear: 1, genre: ACTION}) }", rule)
    }

    func testTheSameNameInSiblingAndNestedObjectsIsValid() {
        assertValid("""
        query A {
          movies(where: {title: {eq: "a"}, _or: [{title: {eq: "b"}}, {title: {eq: "c"}, _not: {title: {eq: "d"}}}]}) { id }
        }
        """, rule)
    }

    func testValueAndExpressionFormsAreDistinctNames() {
        // Giving both is OneOfRule's business, not a repeated name.
        assertValid("mutation A { movie_insert(data: {title: \"x\", title_expr: \"auth.uid\", id_expr: \"uuidV4()\"}) }", rule)
    }

    func testDuplicateIsReportedAtTheRepeatedName() {
        assertLocated("""
        mutation A {
          movie_insert(data: {title: "x", title: "y"})
        }
        """, rule, [
            "2:35 There can be only one input field named \"title\".",
        ])
    }

    func testDuplicatesInNestedObjectsAndListItems() {
        assertLocated("""
        query A {
          movies(
            where: {title: {eq: "a", eq: "b"}}
            orderBy: [{title: ASC}, {genre: DESC, genre: ASC}]
          ) { id }
        }
        """, rule, [
            "3:30 There can be only one input field named \"eq\".",
            "4:43 There can be only one input field named \"genre\".",
        ])
    }

    func testDuplicatesInAVariableDefault() {
        assertLocated("""
        query A($w: Movie_Filter = {releaseYear: {gt: 1}, releaseYear: {lt: 2}}) {
          movies(where: $w) { id }
        }
        """, rule, [
            "1:51 There can be only one input field named \"releaseYear\".",
        ])
    }

    func testDuplicatesInDataConnectDirectiveArguments() {
        assertLocated("""
        query A @refresh(onMutationExecuted: {operation: "M", condition: "true", operation: "N"}) {
          movies { id }
        }
        """, rule, [
            "1:74 There can be only one input field named \"operation\".",
        ])
    }

    func testDuplicatesInAnyValuesAndUnknownFieldsAreReported() {
        // The rule is about the literal, whatever type (if any) it is checked against.
        assertLocated("""
        mutation A {
          movie_insert(data: {meta: {a: 1, a: 2}, nope: 1, nope: 2})
        }
        """, rule, [
            "2:36 There can be only one input field named \"a\".",
            "2:52 There can be only one input field named \"nope\".",
        ])
    }

    func testEveryRepetitionIsReported() {
        assertLocated("query A { movies(where: {genre: {eq: ACTION, eq: DRAMA, eq: ACTION}}) { id } }", rule, [
            "1:46 There can be only one input field named \"eq\".",
            "1:57 There can be only one input field named \"eq\".",
        ])
    }

    func testFragmentsAreChecked() {
        assertLocated("""
        query A { movies { ...F } }
        fragment F on Movie {
          reviews_on_movie(where: {text: {eq: "a"}, text: {eq: "b"}}) { id }
        }
        """, rule, [
            "3:45 There can be only one input field named \"text\".",
        ])
    }
}
