import Diagnostics
import XCTest
@testable import Validation

/// Rules about fields, arguments and directives.
final class FieldRuleTests: RuleTestCase {
    func testScalarLeafs() {
        assertValid("query A { movies { id } }\nmutation B { movie_insert(data: {title: \"x\"}) }", { ScalarLeafsRule() })
        assertMessages("query A { movies { id { x } } }\nquery B { movies }", { ScalarLeafsRule() }, [
            "Field \"id\" must not have a selection since type \"UUID!\" has no subfields.",
            "Field \"movies\" of type \"[Movie!]!\" must have a selection of subfields. Did you mean \"movies { ... }\"?",
        ])
    }

    func testSelectingIntoKeyOutputExplainsIt() {
        let diagnostic = Fixture.diagnostics(["mutation A { movie_insert(data: {title: \"x\"}) { id } }"], rules: [{ ScalarLeafsRule() }]).first
        XCTAssertEqual(diagnostic?.message, "Field \"movie_insert\" must not have a selection since type \"Movie_KeyOutput!\" has no subfields.")
        XCTAssertEqual(diagnostic?.notes.first?.message.contains("remove the selection set"), true)
    }

    func testUniqueArgumentNames() {
        assertValid("query A { movies(limit: 1, offset: 2) { id } }", { UniqueArgumentNamesRule() })
        assertMessages("query A { movies(limit: 1, limit: 2) { id } }", { UniqueArgumentNamesRule() },
                       ["There can be only one argument named \"limit\"."])
    }

    func testProvidedRequiredArguments() {
        assertValid("mutation A { movie_insert(data: {title: \"x\"}) }", { ProvidedRequiredArgumentsRule() })
        assertMessages("mutation A { movie_insert }\nquery B { movies @include { id } }", { ProvidedRequiredArgumentsRule() }, [
            "Field \"movie_insert\" argument \"data\" of type \"Movie_Data!\" is required, but it was not provided.",
            "Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.",
        ])
    }

    func testUniqueDirectivesPerLocation() {
        assertValid("query A @auth(level: PUBLIC) { movies @check(expr: \"true\") @check(expr: \"true\") { id } }",
                    { UniqueDirectivesPerLocationRule() })
        assertMessages("query A @auth(level: PUBLIC) @auth(level: USER) { movies { id } }", { UniqueDirectivesPerLocationRule() },
                       ["The directive \"@auth\" can only be used once at this location."])
    }
}
