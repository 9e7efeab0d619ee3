import XCTest
@testable import Validation

/// Spec 5.7.1 / 5.7.2: directives exist and appear only at the locations they declare.
final class KnownDirectivesRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { KnownDirectivesRule() }

    func testBuiltInDirectivesWhereAllowed() {
        assertValid("""
        query A($show: Boolean = true) {
          movies @include(if: $show) { ...F @skip(if: false) ... on Movie @include(if: true) { id } }
        }
        fragment F on Movie { title }
        """, rule)
    }

    func testDataConnectDirectivesWhereAllowed() {
        assertValid("""
        query A @auth(level: PUBLIC) @refresh(every: "5s") @retired(reason: "old") {
          movies @check(expr: "this != []") { id budget @redact ...F @redact ... on Movie @check(expr: "true") { title } }
        }
        mutation B($d: Movie_Data! @allow(fields: "title")) @auth(expr: "auth.uid != null") @transaction @check(expr: "true") {
          movie_insert(data: $d)
        }
        fragment F on Movie @check(expr: "true") { rating }
        """, rule)
    }

    func testUnknownDirectiveIsReportedAtTheAt() {
        assertLocated("query A { movies @cached { id } }", rule, ["1:18 Unknown directive \"@cached\"."])
    }

    func testUnknownDirectiveIsSuggested() {
        assertLocated("""
        query A @aut(level: PUBLIC) {
          movies @inclde(if: true) { id }
        }
        """, rule, [
            "1:9 Unknown directive \"@aut\". Did you mean \"@auth\"?",
            "2:10 Unknown directive \"@inclde\". Did you mean \"@include\"?",
        ])
    }

    func testMisplacedOnOperations() {
        assertLocated("""
        query A @transaction @include(if: true) { movies { id } }
        mutation B @refresh(every: "5s") { movie_insert(data: {title: "x"}) }
        """, rule, [
            "1:9 Directive \"@transaction\" may not be used on QUERY.",
            "1:22 Directive \"@include\" may not be used on QUERY.",
            "2:12 Directive \"@refresh\" may not be used on MUTATION.",
        ])
    }

    func testMisplacedInSelections() {
        assertLocated("""
        query A {
          movies @auth(level: USER) {
            ...F @transaction
            ... on Movie @refresh(every: "1s") { id }
          }
        }
        fragment F on Movie @redact { title }
        """, rule, [
            "2:10 Directive \"@auth\" may not be used on FIELD.",
            "3:10 Directive \"@transaction\" may not be used on FRAGMENT_SPREAD.",
            "4:18 Directive \"@refresh\" may not be used on INLINE_FRAGMENT.",
            "7:21 Directive \"@redact\" may not be used on FRAGMENT_DEFINITION.",
        ])
    }

    func testMisplacedOnAVariableDefinition() {
        assertLocated("""
        query A($ids: [UUID!] = [] @include(if: true), $n: Int @retired) { movies(limit: $n, where: {id: {in: $ids}}) { id } }
        """, rule, ["1:28 Directive \"@include\" may not be used on VARIABLE_DEFINITION."])
    }

    func testNoteListsTheAllowedExecutableLocations() {
        let diagnostic = Fixture.diagnostics(["query A { movies @auth(level: USER) { id } }"], rules: [rule]).first
        XCTAssertEqual(diagnostic?.notes.map(\.message), ["It is allowed on QUERY, MUTATION."])
    }

    func testSchemaDirectiveInAnOperation() {
        assertLocated("query A { movies { title @unique budget @col(name: \"b\") } }", rule, [
            "1:26 Directive \"@unique\" may not be used on FIELD.",
            "1:41 Directive \"@col\" may not be used on FIELD.",
        ])
        let diagnostic = Fixture.diagnostics(["query A { movies { title @unique } }"], rules: [rule]).first
        XCTAssertEqual(diagnostic?.notes.map(\.message), ["It is a schema directive."])
    }
}
