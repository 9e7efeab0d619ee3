import Diagnostics
import XCTest
@testable import Validation

/// Rules about variables.
final class VariableRuleTests: RuleTestCase {
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
