import Diagnostics
import XCTest
@testable import Validation

/// Rules about variables.
final class VariableRuleTests: RuleTestCase {
    func testUniqueVariableNames() {
        assertValid("query A($a: Int, $b: Int) { movies(limit: $a, offset: $b) { id } }", { UniqueVariableNamesRule() })
        assertMessages("query A($a: Int, $a: Int) { movies(limit: $a) { id } }", { UniqueVariableNamesRule() },
                       ["There can be only one variable named \"$a\"."])
    }

    func testVariablesAreInputTypes() {
        assertValid("query A($g: Genre, $f: Movie_Filter, $id: UUID) { movies(where: $f) { id } }", { VariablesAreInputTypesRule() })
        assertMessages("query A($m: Movie) { movies { id } }", { VariablesAreInputTypesRule() },
                       ["Variable \"$m\" cannot be non-input type \"Movie\"."])
    }

    func testVariablesInAllowedPosition() {
        assertValid("query A($n: Int, $id: UUID!, $d: Int) { movies(limit: $n, offset: $d) { id } movie(id: $id) { id } }",
                    { VariablesInAllowedPositionRule() })
        assertMessages("query A($n: String, $ids: [UUID]) { movies(limit: $n, where: {id: {in: $ids}}) { id } }",
                       { VariablesInAllowedPositionRule() }, [
            "Variable \"$n\" of type \"String\" used in position expecting type \"Int\".",
            "Variable \"$ids\" of type \"[UUID]\" used in position expecting type \"[UUID!]\".",
        ])
    }

    func testNullableVariableInNonNullPositionNeedsADefault() {
        assertValid("mutation A($t: String = \"x\") { movie_insert(data: {title: $t}) }", { VariablesInAllowedPositionRule() })
        assertValid("query A($f: Boolean = true) { movies @include(if: $f) { id } }", { VariablesInAllowedPositionRule() })
        assertMessages("query A($f: Boolean) { movies @include(if: $f) { id } }", { VariablesInAllowedPositionRule() },
                       ["Variable \"$f\" of type \"Boolean\" used in position expecting type \"Boolean!\"."])
    }
}
