import Diagnostics
import XCTest
@testable import Validation

/// Spec 5.7.3: a non-repeatable directive appears at most once on each node.
final class UniqueDirectivesPerLocationRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { UniqueDirectivesPerLocationRule() }

    func testDistinctDirectivesOnANodeAreValid() {
        assertValid("query A @auth(level: PUBLIC) { movies @include(if: true) @skip(if: false) { id } }", rule)
    }

    func testTheSameDirectiveOnDifferentNodesIsValid() {
        assertValid("""
        query A {
          movies @skip(if: false) {
            id @skip(if: false)
            ... @skip(if: false) { title @skip(if: false) }
          }
        }
        """, rule)
    }

    func testRepeatableDataConnectDirectivesMayRepeat() {
        // `@check` and `@refresh` are declared `repeatable` in Data Connect's prelude.
        assertValid("""
        query A @refresh(every: {seconds: 30}) @refresh(onMutationExecuted: {operation: "M"}) @check(expr: "true") @check(expr: "true") {
          movies @check(expr: "this != null") @check(expr: "true") { id }
        }
        fragment F on Movie @check(expr: "true") @check(expr: "true") { id }
        """, rule)
    }

    func testDuplicateOnAFieldIsReportedAtTheRepeatedDirective() {
        assertLocated("""
        query A {
          movies @include(if: true) @include(if: false) { id }
        }
        """, rule, [
            "2:29 The directive \"@include\" can only be used once at this location.",
        ])
    }

    func testDuplicateDataConnectDirectivesOnOperations() {
        assertLocated("""
        query A @auth(level: PUBLIC) @auth(level: USER) { movies { id } }
        mutation B @transaction @auth(level: USER) @transaction { movie_insert(data: {}) }
        """, rule, [
            "1:30 The directive \"@auth\" can only be used once at this location.",
            "2:44 The directive \"@transaction\" can only be used once at this location.",
        ])
    }

    func testDuplicatesOnSpreadsAndInlineFragments() {
        assertLocated("""
        query A {
          movies {
            ...F @redact @redact
            ... on Movie @skip(if: true) @skip(if: true) { title }
          }
        }
        fragment F on Movie { id }
        """, rule, [
            "3:18 The directive \"@redact\" can only be used once at this location.",
            "4:34 The directive \"@skip\" can only be used once at this location.",
        ])
    }

    func testDuplicateOnAVariableDefinition() {
        assertLocated("""
        mutation A($d: Movie_Data! @allow(fields: "title") @allow(fields: "genre") @retired @retired) {
          movie_insert(data: $d)
        }
        """, rule, [
            "1:52 The directive \"@allow\" can only be used once at this location.",
            "1:85 The directive \"@retired\" can only be used once at this location.",
        ])
    }

    func testEveryRepetitionIsReported() {
        assertLocated("""
        query A { movies { ...F } }
        fragment F on Movie {
          reviews_on_movie { text @redact @redact @redact }
        }
        """, rule, [
            "3:35 The directive \"@redact\" can only be used once at this location.",
            "3:43 The directive \"@redact\" can only be used once at this location.",
        ])
    }

    func testUnknownDirectivesAreLeftToKnownDirectives() {
        assertValid("query A @cached @cached { movies @live @live { id } }", rule)
    }
}
