import Diagnostics
import XCTest
@testable import Validation

/// Spec 5.8.5: a variable is used only where its type fits; a nullable variable fits a non-null
/// position only when the variable or the position has a default.
final class VariablesInAllowedPositionRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { VariablesInAllowedPositionRule() }

    func testMatchingAndStricterTypesAreValid() {
        assertValid("""
        query A($n: Int, $m: Int!, $id: UUID!, $ids: [UUID!]!, $f: Movie_Filter!, $b: Boolean!) {
          movies(limit: $n, offset: $m, where: $f) @include(if: $b) { id }
          movie(id: $id) { id }
          actors(where: {id: {in: $ids}}) { id }
        }
        """, rule)
    }

    func testDifferentNamedTypeIsReportedAtTheUsage() {
        assertLocated("""
        query A($n: String) {
          movies(limit: $n) { id }
        }
        """, rule, [
            "2:17 Variable \"$n\" of type \"String\" used in position expecting type \"Int\".",
        ])
    }

    func testTheNoteLocatesTheDeclaration() {
        let diagnostic = Fixture.diagnostics(["query A(\n  $n: String\n) { movies(limit: $n) { id } }"], rules: [rule]).first
        XCTAssertEqual(diagnostic?.notes.map(\.message), ["The variable is declared here."])
        XCTAssertEqual(diagnostic?.notes.first?.span?.range.map { "\($0.start)" }, "2:3")
    }

    func testNullableVariableInANonNullPositionNeedsANonNullDefault() {
        assertValid("query A($f: Boolean = true) { movies @include(if: $f) { id } }", rule)
        assertValid("mutation A($t: String = \"x\", $d: Movie_Data = {}) { movie_update(data: $d) movie_insert(data: {title: $t}) }", rule)
        assertLocated("""
        query A($f: Boolean, $g: Boolean = null) {
          movies @include(if: $f) @skip(if: $g) { id }
        }
        """, rule, [
            "2:23 Variable \"$f\" of type \"Boolean\" used in position expecting type \"Boolean!\".",
            "2:37 Variable \"$g\" of type \"Boolean\" used in position expecting type \"Boolean!\".",
        ])
    }

    func testAPositionWithADefaultAcceptsANullableVariable() {
        // `@check(message:)` is `String! = "permission denied"`; every `Timestamp_Duration` field is `Int! = 0`.
        assertValid("query A($m: String) { movies @check(expr: \"true\", message: $m) { id } }", rule)
        assertValid("query A($d: Int) { movies(where: {createdAt: {ge_time: {now: true, sub: {days: $d}}}}) { id } }", rule)
        assertLocated("query A($m: Int) { movies @check(message: $m) { id } }", rule, [
            "1:43 Variable \"$m\" of type \"Int\" used in position expecting type \"String!\".",
        ])
    }

    func testListsAreNotCoercedForVariables() {
        assertLocated("""
        query A($id: UUID!, $maybe: UUID, $ids: [UUID], $nested: [[UUID!]]) {
          a: movies(where: {id: {in: $id}}) { id }
          b: movies(where: {id: {in: [$id, $maybe]}}) { id }
          c: movies(where: {id: {nin: $ids}}) { id }
          d: movies(where: {id: {in: $nested}}) { id }
        }
        """, rule, [
            "2:30 Variable \"$id\" of type \"UUID!\" used in position expecting type \"[UUID!]\".",
            "3:36 Variable \"$maybe\" of type \"UUID\" used in position expecting type \"UUID!\".",
            "4:31 Variable \"$ids\" of type \"[UUID]\" used in position expecting type \"[UUID!]\".",
            "5:30 Variable \"$nested\" of type \"[[UUID!]]\" used in position expecting type \"[UUID!]\".",
        ])
    }

    func testDataConnectScalarsAndEnumsMatchOnlyThemselves() {
        assertValid("""
        query A($t: Timestamp, $d: Date, $b: Int64, $a: Any, $g: Genre, $o: OrderDirection) {
          movies(where: {createdAt: {ge: $t}, releaseDate: {eq: $d}, budget: {gt: $b}, genre: {eq: $g}}, orderBy: [{title: $o}]) { meta }
        }
        mutation B($a: Any) { movie_insert(data: {meta: $a}) }
        """, rule)
        assertLocated("""
        query A($d: Date, $b: Int64, $s: String, $g: String) {
          movies(where: {createdAt: {ge: $d}, releaseYear: {eq: $b}, id: {eq: $s}, genre: {eq: $g}}) { id }
        }
        """, rule, [
            "2:34 Variable \"$d\" of type \"Date\" used in position expecting type \"Timestamp\".",
            "2:57 Variable \"$b\" of type \"Int64\" used in position expecting type \"Int\".",
            "2:71 Variable \"$s\" of type \"String\" used in position expecting type \"UUID\".",
            "2:88 Variable \"$g\" of type \"String\" used in position expecting type \"Genre\".",
        ])
    }

    func testUsagesInFragmentsAreCheckedForEachOperation() {
        assertLocated("""
        query A($n: Int) { movies { ...F } }
        query B($n: String) { movies { ...F } }
        fragment F on Movie {
          ... on Movie { reviews_on_movie(limit: $n) { id } }
        }
        """, rule, [
            "4:42 Variable \"$n\" of type \"String\" used in position expecting type \"Int\".",
        ])
    }

    func testAFragmentInAnotherFileIsReportedInThatFile() {
        let diagnostics = Fixture.diagnostics(["query A($n: Float) { movies { ...F } }", "fragment F on Movie {\n  reviews_on_movie(offset: $n) { id }\n}"],
                                              rules: [rule])
        XCTAssertEqual(diagnostics.map(\.message), ["Variable \"$n\" of type \"Float\" used in position expecting type \"Int\"."])
        XCTAssertEqual(diagnostics.first?.span?.file.path, "connector/file1.gql")
        XCTAssertEqual(diagnostics.first?.span?.range.map { "\($0.start)" }, "2:28")
        XCTAssertEqual(diagnostics.first?.notes.first?.span?.file.path, "connector/file0.gql")
    }

    func testPositionsWithoutAKnownTypeAndUnknownVariablesAreLeftToOtherRules() {
        // Inside `Any` nothing is expected; undefined variables and unknown types are other rules' findings.
        assertValid("""
        query A($n: Int, $u: Unknwn) {
          movies(limit: $undefined, offset: $u, nope: $n) { id }
        }
        mutation B($n: Int) { movie_insert(data: {meta: {count: $n}}) }
        """, rule)
    }
}
