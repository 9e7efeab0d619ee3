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

    func testNoUndefinedVariables() {
        assertValid("query A($n: Int) { movies(limit: $n) { ...F } }\nfragment F on Movie { id }", { NoUndefinedVariablesRule() })
        assertMessages("query A($limit: Int) { movies(limit: $limt) { id } }", { NoUndefinedVariablesRule() },
                       ["Variable \"$limt\" is not defined by operation \"A\". Did you mean \"$limit\"?"])
    }

    func testNoUndefinedVariablesInsideFragments() {
        assertMessages("query A { movies { ...F } }\nfragment F on Movie { reviews_on_movie(limit: $n) { id } }", { NoUndefinedVariablesRule() },
                       ["Variable \"$n\" is not defined by operation \"A\"."])
    }

    func testNoUnusedVariablesIsAWarning() {
        assertValid("query A($n: Int) { movies { ...F } }\nfragment F on Movie { reviews_on_movie(limit: $n) { id } }", { NoUnusedVariablesRule() })
        let diagnostics = Fixture.diagnostics(["query A($n: Int) { movies { id } }"], rules: [{ NoUnusedVariablesRule() }])
        XCTAssertEqual(diagnostics.map(\.message), ["Variable \"$n\" is never used in operation \"A\"."])
        XCTAssertEqual(diagnostics.first?.severity, .warning)
    }

    func testVariablesReadByCELCountAsUsed() {
        assertValid("query A($uid: String, $n: Int) @auth(expr: \"auth.uid == vars.uid\") { movies { ...F } }\nfragment F on Movie @check(expr: \"vars.n > 0\") { id }",
                    { NoUnusedVariablesRule() })
        assertMessages("query A($uid: String) @auth(expr: \"auth.uid == 'vars.uid'\") { movies { id } }", { NoUnusedVariablesRule() },
                       ["Variable \"$uid\" is never used in operation \"A\"."])
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
