import XCTest
@testable import Validation

/// Spec 5.3.1: every selected field exists on the type it is selected on.
final class FieldsOnCorrectTypeRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { FieldsOnCorrectTypeRule() }

    func testFieldsOfTheSynthesizedSchema() {
        assertValid("""
        query A {
          movies(limit: 3) { id title __typename reviews_on_movie { text movie { title } } _count }
          movie(id: "0123456789abcdef0123456789abcdef") { name: title releaseYear_sum }
        }
        mutation B {
          movie_insert(data: {title: "x"})
          query { actors { name } }
        }
        """, rule)
    }

    func testTypoIsSuggested() {
        assertLocated("query A { movies { titel } }", rule,
                      ["1:20 Cannot query field \"titel\" on type \"Movie\". Did you mean \"title\"?"])
    }

    func testNoSuggestionForAFarOffName() {
        assertLocated("query A { movies { xyzzy } }", rule, ["1:20 Cannot query field \"xyzzy\" on type \"Movie\"."])
    }

    func testAliasedFieldIsReportedAtTheAlias() {
        assertLocated("query A { movies { name: titel } }", rule,
                      ["1:20 Cannot query field \"titel\" on type \"Movie\". Did you mean \"title\"?"])
    }

    /// The underline runs from the alias to the end of the name, not over the selection set.
    func testRangeEndsAfterTheFieldName() {
        let diagnostics = Fixture.diagnostics(["query A {\n  films: moviez(limit: 1) {\n    id\n  }\n}"], rules: [rule])
        XCTAssertEqual(diagnostics.map { $0.span?.range.map { "\($0.start)-\($0.end)" } }, ["2:3-2:16"])
    }

    func testRootFields() {
        assertLocated("""
        mutation A { movies_insert(data: {title: "x"}) }
        query B { movie_insert(data: {title: "x"}) { id } }
        """, rule, [
            "1:14 Cannot query field \"movies_insert\" on type \"Mutation\". Did you mean \"movie_insert\"?",
            "2:11 Cannot query field \"movie_insert\" on type \"Query\".",
        ])
    }

    func testNestedSelections() {
        assertLocated("""
        query A {
          movies {
            reviews_on_movie {
              txt
              movie { year }
            }
          }
        }
        """, rule, [
            "4:7 Cannot query field \"txt\" on type \"Review\". Did you mean \"text\"?",
            "5:15 Cannot query field \"year\" on type \"Movie\".",
        ])
    }

    func testNamedAndInlineFragments() {
        assertLocated("""
        query A { movies { ...F ... on Movie { raitng } } actors { ... { nmae } } }
        fragment F on Movie { generes: genres }
        """, rule, [
            "1:40 Cannot query field \"raitng\" on type \"Movie\". Did you mean \"rating\"?",
            "1:66 Cannot query field \"nmae\" on type \"Actor\". Did you mean \"name\"?",
            "2:23 Cannot query field \"genres\" on type \"Movie\". Did you mean \"genre\"?",
        ])
    }

    func testExprFieldsAreInputsNotOutputs() {
        assertLocated("query A { movies { title_expr } }", rule, ["1:20 Cannot query field \"title_expr\" on type \"Movie\"."])
    }

    func testFieldsBelowAnUnknownFieldAreNotReported() {
        assertLocated("query A { films { titel } }", rule, ["1:11 Cannot query field \"films\" on type \"Query\"."])
    }

    func testSelectionsOnLeafTypesAreLeftToScalarLeafs() {
        assertValid("""
        query A { movies { id { x } } }
        mutation B { movie_insert(data: {title: "x"}) { __typename id } __typename }
        """, rule)
    }

    func testNotePointsAtTheSchemaType() {
        let diagnostic = Fixture.diagnostics(["query A { movies { titel } }"], rules: [rule]).first
        XCTAssertEqual(diagnostic?.notes.first?.message, "Type \"Movie\" is declared here.")
        XCTAssertEqual(diagnostic?.notes.first?.span?.file.path, "schema/schema.gql")
    }
}
