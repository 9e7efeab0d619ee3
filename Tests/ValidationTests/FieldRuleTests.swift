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

    func testKnownArgumentNames() {
        assertValid("query A { movies(limit: 3) { id } }", { KnownArgumentNamesRule() })
        assertMessages("query A { movies(limt: 3) @include(iff: true) { id } }", { KnownArgumentNamesRule() }, [
            "Unknown argument \"limt\" on field \"Query.movies\". Did you mean \"limit\"?",
            "Unknown argument \"iff\" on directive \"@include\". Did you mean \"if\"?",
        ])
    }

    func testKnownDirectives() {
        assertValid("query A @auth(level: PUBLIC) { movies @include(if: true) { id } }", { KnownDirectivesRule() })
        assertMessages("query A @transaction @cached { movies { id } }", { KnownDirectivesRule() }, [
            "Directive \"@transaction\" may not be used on QUERY.",
            "Unknown directive \"@cached\".",
        ])
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
