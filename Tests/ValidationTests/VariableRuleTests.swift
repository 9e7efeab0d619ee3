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

    func testForbiddenVariableTypes() {
        assertValid("query A($id: UUID) { movie(id: $id) { id } }", { ForbiddenVariableTypesRule() })
        assertMessages("query A($e: String_Expr) { movies { id } }", { ForbiddenVariableTypesRule() },
                       ["Variable \"$e\" cannot have type \"String_Expr\": \"String_Expr\" is not allowed as a variable type in Data Connect."])
    }

    func testForbiddenInVariableDefaults() {
        assertValid("query A($k: Movie_Key = {id: \"0123456789abcdef0123456789abcdef\"}) { movie(key: $k) { id } }", { ForbiddenInVariablesRule() })
        assertValid("query A { movie(key: {id_expr: \"auth.uid\"}) { id } }", { ForbiddenInVariablesRule() })
        assertMessages("query A($k: Movie_Key = {id_expr: \"auth.uid\"}) { movie(key: $k) { id } }", { ForbiddenInVariablesRule() },
                       ["Field \"Movie_Key.id_expr\" cannot be part of a variable's value; write it inline in the operation."])
    }

    func testAllowDirective() {
        assertValid("mutation A($d: Movie_Data! @allow(fields: \"title\")) { movie_insert(data: $d) }", { AllowDirectiveRule() })
        let diagnostics = Fixture.diagnostics(["mutation A($d: Movie_Data!, $e: Movie_Data! @allow(fields: \" \")) { a: movie_insert(data: $d) b: movie_insert(data: $e) }"],
                                              rules: [{ AllowDirectiveRule() }])
        XCTAssertEqual(diagnostics.map(\.message), [
            "Variable \"$d\" of type \"Movie_Data!\" should list the fields clients may set with @allow(fields: \"...\").",
            "@allow(fields:) must name at least one field.",
        ])
        XCTAssertEqual(diagnostics.map(\.severity), [.warning, .error])
    }
}
