import Diagnostics
import XCTest
@testable import Validation

/// Rules about fields, arguments and directives.
final class FieldRuleTests: RuleTestCase {
    func testFieldsOnCorrectType() {
        assertValid("query A { movies { id title __typename } }", { FieldsOnCorrectTypeRule() })
        assertMessages("query A { movies { titel } }", { FieldsOnCorrectTypeRule() },
                       ["Cannot query field \"titel\" on type \"Movie\". Did you mean \"title\"?"])
        assertMessages("mutation A { movies_insert(data: {title: \"x\"}) }", { FieldsOnCorrectTypeRule() },
                       ["Cannot query field \"movies_insert\" on type \"Mutation\". Did you mean \"movie_insert\"?"])
    }

    func testUnknownFieldNotePointsAtTheSchema() {
        let diagnostic = Fixture.diagnostics(["query A { movies { titel } }"], rules: [{ FieldsOnCorrectTypeRule() }]).first
        XCTAssertEqual(diagnostic?.notes.first?.message, "Type \"Movie\" is declared here.")
        XCTAssertEqual(diagnostic?.notes.first?.span?.file.path, "schema/schema.gql")
        XCTAssertEqual(diagnostic?.span?.range?.start.line, 1)
        XCTAssertEqual(diagnostic?.span?.range?.start.column, 20)
    }

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

    func testKnownArgumentNames() {
        assertValid("query A { movies(limit: 3) { id } }", { KnownArgumentNamesRule() })
        assertMessages("query A { movies(limt: 3) @include(iff: true) { id } }", { KnownArgumentNamesRule() }, [
            "Unknown argument \"limt\" on field \"Query.movies\". Did you mean \"limit\"?",
            "Unknown argument \"iff\" on directive \"@include\". Did you mean \"if\"?",
        ])
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

    func testKnownDirectives() {
        assertValid("query A @auth(level: PUBLIC) { movies @include(if: true) { id } }", { KnownDirectivesRule() })
        assertMessages("query A @transaction @cached { movies { id } }", { KnownDirectivesRule() }, [
            "Directive \"@transaction\" may not be used on QUERY.",
            "Unknown directive \"@cached\".",
        ])
    }

    func testUniqueDirectivesPerLocation() {
        assertValid("query A @auth(level: PUBLIC) { movies @check(expr: \"true\") @check(expr: \"true\") { id } }",
                    { UniqueDirectivesPerLocationRule() })
        assertMessages("query A @auth(level: PUBLIC) @auth(level: USER) { movies { id } }", { UniqueDirectivesPerLocationRule() },
                       ["The directive \"@auth\" can only be used once at this location."])
    }

    func testOverlappingFieldsCanBeMerged() {
        assertValid("query A { movies { id id t: title ...F } }\nfragment F on Movie { t: title }", { OverlappingFieldsCanBeMergedRule() })
        assertMessages("query A { movies { x: title x: id } }", { OverlappingFieldsCanBeMergedRule() }, [
            "Fields \"x\" conflict because \"title\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
        ])
        assertMessages("query A { movies(limit: 1) { id } movies(limit: 2) { id } }", { OverlappingFieldsCanBeMergedRule() }, [
            "Fields \"movies\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.",
        ])
        assertMessages("query A { movies { id } movies { id: title } }", { OverlappingFieldsCanBeMergedRule() }, [
            "Fields \"movies\" conflict because subfields \"id\" conflict because \"id\" and \"title\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
        ])
    }

    func testOverlappingFieldsWithConflictingTypes() {
        assertMessages("query A { movies { x: releaseYear x: title } }", { OverlappingFieldsCanBeMergedRule() }, [
            "Fields \"x\" conflict because \"releaseYear\" and \"title\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
        ])
        assertMessages("query A { movies { ... on Movie { x: title } ...F } }\nfragment F on Movie { x: releaseYear }",
                       { OverlappingFieldsCanBeMergedRule() }, [
            "Fields \"x\" conflict because \"title\" and \"releaseYear\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
        ])
    }
}
