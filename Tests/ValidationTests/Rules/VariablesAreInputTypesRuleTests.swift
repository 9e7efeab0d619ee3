import Diagnostics
import XCTest
@testable import Validation

/// Spec 5.8.2: variables have scalar, enum or input object types.
final class VariablesAreInputTypesRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { VariablesAreInputTypesRule() }

    func testScalarsEnumsAndInputObjectsAreValid() {
        assertValid("""
        query A($id: UUID!, $g: Genre, $f: Movie_Filter, $o: [Movie_Order!], $t: Timestamp, $d: Date, $n: Int64, $a: Any, $s: String!) {
          movies(where: $f) { id }
        }
        mutation B($data: [Movie_Data!]! @allow(fields: "title")) { movie_insertMany(data: $data) }
        """, rule)
    }

    func testObjectTypeIsReportedAtTheType() {
        assertLocated("""
        query A($m: Movie) {
          movies { id }
        }
        """, rule, [
            "1:13 Variable \"$m\" cannot be non-input type \"Movie\".",
        ])
    }

    func testWrappedObjectTypesAreNamedAsWritten() {
        assertLocated("""
        query A(
          $movies: [Movie!]!
          $actor: Actor!
          $rows: [[Review]]
        ) { movies { id } }
        """, rule, [
            "2:12 Variable \"$movies\" cannot be non-input type \"[Movie!]!\".",
            "3:11 Variable \"$actor\" cannot be non-input type \"Actor!\".",
            "4:10 Variable \"$rows\" cannot be non-input type \"[[Review]]\".",
        ])
    }

    func testRootAndSystemObjectTypesAreNotInputTypes() {
        assertLocated("query A($q: Query, $m: Mutation, $meta: _Metadata) { movies { id } }", rule, [
            "1:13 Variable \"$q\" cannot be non-input type \"Query\".",
            "1:24 Variable \"$m\" cannot be non-input type \"Mutation\".",
            "1:41 Variable \"$meta\" cannot be non-input type \"_Metadata\".",
        ])
    }

    func testKeyOutputIsAScalarAndSoAnInputType() {
        assertValid("mutation A($k: Movie_KeyOutput, $key: Movie_Key) { movie_delete(key: $key) }", rule)
    }

    func testTypesForbiddenByDataConnectAreLeftToForbiddenVariableTypes() {
        // They are input types as far as the spec goes.
        assertValid("query A($e: String_Expr, $level: AccessLevel, $d: Timestamp_Duration) { movies { id } }", rule)
    }

    func testUnknownTypesAreLeftToKnownTypeNames() {
        assertValid("query A($m: Movi, $ms: [Moviez!]) { movies { id } }", rule)
    }

    func testDefaultsAndDirectivesDoNotChangeTheVerdict() {
        assertLocated("""
        mutation A($a: Actor = {name: "x"} @allow(fields: "name")) {
          actor_insert(data: {name: "y"})
        }
        """, rule, [
            "1:16 Variable \"$a\" cannot be non-input type \"Actor\".",
        ])
    }

    func testEveryOperationIsChecked() {
        assertLocated("""
        query A($m: Movie) { movies { id } }
        query B($ok: Int) { movies(limit: $ok) { id } }
        mutation C($r: Review) { review_insert(data: {}) }
        """, rule, [
            "1:13 Variable \"$m\" cannot be non-input type \"Movie\".",
            "3:16 Variable \"$r\" cannot be non-input type \"Review\".",
        ])
    }
}
