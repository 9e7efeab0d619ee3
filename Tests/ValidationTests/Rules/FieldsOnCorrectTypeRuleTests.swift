import TestSupport
import Diagnostics
import GraphQL
import Schema
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
        assertLocated("query A { films { titel } }", rule, [
            "1:11 Cannot query field \"films\" on type \"Query\". No table \"Film\" is defined; "
                + "the schema's tables: \"Movie\", \"Actor\", \"MovieActor\", \"Review\".",
        ])
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

    /// Issue #33: with nothing close to suggest, a root field named after a missing table says so
    /// and lists the tables there are.
    func testRootFieldOfAMissingTableNamesTheTables() {
        let tables = "the schema's tables: \"Movie\", \"Actor\", \"MovieActor\", \"Review\"."
        assertLocated("""
        mutation A { tag_insert(data: {name: "x"}) tag_deleteMany(all: true) }
        query B { tags { id } tag(id: "x") { id } categories_search(query: "x") { id } }
        """, rule, [
            "1:14 Cannot query field \"tag_insert\" on type \"Mutation\". No table \"Tag\" is defined; \(tables)",
            "1:44 Cannot query field \"tag_deleteMany\" on type \"Mutation\". No table \"Tag\" is defined; \(tables)",
            "2:11 Cannot query field \"tags\" on type \"Query\". No table \"Tag\" is defined; \(tables)",
            "2:23 Cannot query field \"tag\" on type \"Query\". No table \"Tag\" is defined; \(tables)",
            "2:43 Cannot query field \"categories_search\" on type \"Query\". No table \"Category\" is defined; \(tables)",
        ])
    }

    /// A suggestion wins; fields that do not follow the root naming, fields of existing tables and
    /// fields of other types keep the plain message.
    func testOtherUnknownFieldsKeepThePlainMessage() {
        assertLocated("""
        mutation A { actor_insrt(data: {name: "x"}) movie_archive(id: "x") }
        query B { reviews_search(query: "x") { id } movie_upsert(data: {title: "x"}) movies { tag_insert } }
        """, rule, [
            "1:14 Cannot query field \"actor_insrt\" on type \"Mutation\". Did you mean \"actor_insert\"?",
            "1:45 Cannot query field \"movie_archive\" on type \"Mutation\".",
            "2:11 Cannot query field \"reviews_search\" on type \"Query\".",
            "2:45 Cannot query field \"movie_upsert\" on type \"Query\".",
            "2:87 Cannot query field \"tag_insert\" on type \"Movie\".",
        ])
    }

    func testLongListsOfTablesAreCut() throws {
        let sdl = (1...7).map { "type Table\($0) @table { a: Int }" }.joined(separator: "\n")
        let schema = try XCTUnwrap(try collecting { SchemaBuilder.build(userSchema: [try Parser.parseDocument(SourceFile(path: "s.gql", text: sdl))], diagnostics: &$0) }.0)
        let operation = try Parser.parseDocument(SourceFile(path: "c.gql", text: "mutation A { tag_upsert(data: {}) }"))
        XCTAssertEqual(Validator.validate([operation], schema: schema, rules: [rule]).map(\.message), [
            "Cannot query field \"tag_upsert\" on type \"Mutation\". No table \"Tag\" is defined; the schema's tables: "
                + "\"Table1\", \"Table2\", \"Table3\", \"Table4\", \"Table5\" and 2 more.",
        ])
    }

    func testASchemaWithoutTablesSaysSo() throws {
        let schema = try XCTUnwrap(collecting { SchemaBuilder.build(userSchema: [], diagnostics: &$0) }.0)
        let operation = try Parser.parseDocument(SourceFile(path: "c.gql", text: "query A { tags { id } }"))
        XCTAssertEqual(Validator.validate([operation], schema: schema, rules: [rule]).map(\.message), [
            "Cannot query field \"tags\" on type \"Query\". No table \"Tag\" is defined; the schema has no tables.",
        ])
    }

    func testTableNamesFollowTheRootFieldNaming() {
        let query = ["movie", "tags", "categories", "boxes", "tags_search", "tags_embedding_similarity", "people", "_search"]
        XCTAssertEqual(query.map { RootFieldTable.table(ofField: $0, on: "Query") },
                       ["Movie", "Tag", "Category", "Box", "Tag", "Tag", "People", nil])
        let mutation = ["movie_insertMany", "movie_updateMany", "movie_update", "movie", "_insert", "movie_insert"]
        XCTAssertEqual(mutation.map { RootFieldTable.table(ofField: $0, on: "Mutation") }, ["Movie", "Movie", "Movie", nil, nil, "Movie"])
        XCTAssertNil(RootFieldTable.table(ofField: "movie_insert", on: "Query"))
        XCTAssertNil(RootFieldTable.table(ofField: "movies", on: "Movie"))
    }
}
