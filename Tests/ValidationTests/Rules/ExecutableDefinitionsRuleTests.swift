import XCTest
@testable import Validation

/// Spec 5.1.1: a connector file holds only operations and fragments.
final class ExecutableDefinitionsRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { ExecutableDefinitionsRule() }

    func testOperationsAndFragmentsAreExecutable() {
        assertValid("""
        query A { movies { ...F } }
        mutation B @transaction { movie_insert(data: {title: "x"}) }
        fragment F on Movie { id }
        """, rule)
    }

    func testShorthandQueryIsExecutable() {
        assertValid("{ movies { id } }", rule)
    }

    func testTypeDefinitionAfterAnOperation() {
        assertLocated("""
        query A { movies { id } }
        type Extra { x: Int }
        """, rule, ["2:1 The \"Extra\" definition is not executable."])
    }

    func testEveryKindOfTypeDefinition() {
        assertLocated("""
        scalar Money
        enum Mood { HAPPY }
        input Range { low: Int }
          interface Node { id: ID! }
        union Thing = Movie | Actor
        """, rule, [
            "1:1 The \"Money\" definition is not executable.",
            "2:1 The \"Mood\" definition is not executable.",
            "3:1 The \"Range\" definition is not executable.",
            "4:3 The \"Node\" definition is not executable.",
            "5:1 The \"Thing\" definition is not executable.",
        ])
    }

    func testTableTypeBelongsInTheSchemaFolder() {
        let diagnostics = Fixture.diagnostics(["query A { movies { id } }\ntype Extra @table { x: Int }"], rules: [rule])
        XCTAssertEqual(diagnostics.map(\.message), ["The \"Extra\" definition is not executable."])
        XCTAssertEqual(diagnostics.first?.notes.map(\.message),
                       ["Types belong in the schema folder; connector files hold only queries, mutations and fragments."])
    }

    func testSchemaDefinitionAndExtensionAreCalledSchema() {
        assertLocated("""
        schema { query: Query }
        extend schema { mutation: Mutation }
        """, rule, [
            "1:1 The schema definition is not executable.",
            "2:1 The schema definition is not executable.",
        ])
    }

    func testTypeExtensionIsNamedByItsType() {
        assertLocated("""
        query A { movies { id } }
        extend type Movie { extra: Int }
        """, rule, ["2:1 The \"Movie\" definition is not executable."])
    }

    func testEveryKindOfTypeExtension() {
        assertLocated("""
        extend scalar UUID @retired
        extend enum Genre { COMEDY }
        extend input Movie_Data { extra: Int }
        extend interface Node { extra: Int }
        extend union Thing = Review
        """, rule, [
            "1:1 The \"UUID\" definition is not executable.",
            "2:1 The \"Genre\" definition is not executable.",
            "3:1 The \"Movie_Data\" definition is not executable.",
            "4:1 The \"Node\" definition is not executable.",
            "5:1 The \"Thing\" definition is not executable.",
        ])
    }

    func testDirectiveDefinitionIsNamedWithoutTheAt() {
        assertLocated("""
        directive @cached(ttl: Int) on FIELD
        query A { movies @cached { id } }
        """, rule, ["1:1 The \"cached\" definition is not executable."])
    }

    func testDescriptionStartsTheDefinition() {
        assertLocated("""
        query A { movies { id } }
        "Not for connectors."
        type Extra { x: Int }
        """, rule, ["2:1 The \"Extra\" definition is not executable."])
    }

    func testReportedInDocumentOrderBetweenExecutableDefinitions() {
        assertLocated("""
        type First { x: Int }
        query A { movies { ...F } }
        enum Second { Y }
        fragment F on Movie { id }
        """, rule, [
            "1:1 The \"First\" definition is not executable.",
            "3:1 The \"Second\" definition is not executable.",
        ])
    }
}
