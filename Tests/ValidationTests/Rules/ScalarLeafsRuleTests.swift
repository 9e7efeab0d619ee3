import Diagnostics
import XCTest
@testable import Validation

/// Spec 5.3.3: leaf fields have no selection set, composite fields have one.
final class ScalarLeafsRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { ScalarLeafsRule() }

    func testLeavesWithoutAndObjectsWithSelectionsAreValid() {
        assertValid("""
        query A {
          movies { id title genre tags createdAt budget meta _count __typename reviews_on_movie { text movie { id } } }
          movie(id: "0123456789abcdef0123456789abcdef") { ...F }
        }
        fragment F on Movie { ... on Movie { title } }
        mutation B { movie_insert(data: {title: "x"}) movie_deleteMany(all: true) query { actors { name } } }
        """, rule)
    }

    func testSelectionOnAScalarIsReportedAtTheSelectionSet() {
        assertLocated("""
        query A {
          movies { title { length } }
        }
        """, rule, [
            "2:18 Field \"title\" must not have a selection since type \"String!\" has no subfields.",
        ])
    }

    func testSelectionOnEnumsListsOfScalarsAndCustomScalars() {
        assertLocated("""
        query A {
          movies {
            genre { name }
            tags { value }
            meta { anything }
            id { x }
            __typename { x }
          }
        }
        """, rule, [
            "3:11 Field \"genre\" must not have a selection since type \"Genre\" has no subfields.",
            "4:10 Field \"tags\" must not have a selection since type \"[String]\" has no subfields.",
            "5:10 Field \"meta\" must not have a selection since type \"Any\" has no subfields.",
            "6:8 Field \"id\" must not have a selection since type \"UUID!\" has no subfields.",
            "7:16 Field \"__typename\" must not have a selection since type \"String!\" has no subfields.",
        ])
    }

    func testObjectListWithoutSelectionIsReportedAtTheField() {
        assertLocated("""
        query A {
          movies
          movie(id: "0123456789abcdef0123456789abcdef")
        }
        """, rule, [
            "2:3 Field \"movies\" of type \"[Movie!]!\" must have a selection of subfields. Did you mean \"movies { ... }\"?",
            "3:3 Field \"movie\" of type \"Movie\" must have a selection of subfields. Did you mean \"movie { ... }\"?",
        ])
    }

    func testAliasedFieldWithoutSelectionIsReportedAtTheAlias() {
        assertLocated("""
        query A {
          all: movies
        }
        """, rule, [
            "2:3 Field \"movies\" of type \"[Movie!]!\" must have a selection of subfields. Did you mean \"movies { ... }\"?",
        ])
    }

    func testFragmentsAndNestedSelectionsAreChecked() {
        assertLocated("""
        query A { movies { ...F } }
        fragment F on Movie {
          reviews_on_movie
          ... on Movie { _metadata actors_via_MovieActor { name { first } } }
        }
        """, rule, [
            "3:3 Field \"reviews_on_movie\" of type \"[Review!]!\" must have a selection of subfields. Did you mean \"reviews_on_movie { ... }\"?",
            "4:18 Field \"_metadata\" of type \"_Metadata\" must have a selection of subfields. Did you mean \"_metadata { ... }\"?",
            "4:57 Field \"name\" must not have a selection since type \"String!\" has no subfields.",
        ])
    }

    func testMutationResultsAreKeyScalarsOrCounts() {
        assertLocated("""
        mutation A {
          movie_insertMany(data: []) { id }
          movie_updateMany(data: {}) { count }
          query
        }
        """, rule, [
            "2:30 Field \"movie_insertMany\" must not have a selection since type \"[Movie_KeyOutput!]!\" has no subfields.",
            "3:30 Field \"movie_updateMany\" must not have a selection since type \"Int!\" has no subfields.",
            "4:3 Field \"query\" of type \"Query\" must have a selection of subfields. Did you mean \"query { ... }\"?",
        ])
    }

    func testSelectingIntoKeyOutputExplainsIt() {
        let diagnostic = Fixture.diagnostics(["mutation A { movie_insert(data: {title: \"x\"}) { id } }"], rules: [rule]).first
        XCTAssertEqual(diagnostic?.message, "Field \"movie_insert\" must not have a selection since type \"Movie_KeyOutput!\" has no subfields.")
        XCTAssertEqual(diagnostic?.notes.first?.message.contains("remove the selection set"), true)
    }

    func testUnknownFieldsAreLeftToFieldsOnCorrectType() {
        assertValid("query A { movies { nope { x } nada } }", rule)
    }
}
