import Diagnostics
import XCTest
@testable import Validation

/// Spec 5.5.2.3: a fragment is spread only where its type condition can apply.
final class PossibleFragmentSpreadsRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { PossibleFragmentSpreadsRule() }

    func testSpreadsOfTheParentTypeAndUntypedInlineFragmentsAreValid() {
        assertValid("""
        query A {
          movies {
            ...F
            ... on Movie { id }
            ... @include(if: true) { title }
          }
        }
        fragment F on Movie { id }
        """, rule)
    }

    func testNamedSpreadOfAnUnrelatedObjectType() {
        assertLocated("""
        query A {
          movies { ...ActorFields }
        }
        fragment ActorFields on Actor { name }
        """, rule, [
            "2:12 Fragment \"ActorFields\" cannot be spread here as objects of type \"Movie\" can never be of type \"Actor\".",
        ])
    }

    func testInlineFragmentOfAnUnrelatedObjectType() {
        assertLocated("""
        query A {
          movies { ... on Review { text } }
        }
        """, rule, [
            "2:12 Fragment cannot be spread here as objects of type \"Movie\" can never be of type \"Review\".",
        ])
    }

    func testNestedSelectionsCheckAgainstTheirOwnParentType() {
        assertLocated("""
        query A {
          movies {
            reviews_on_movie { ...ReviewFields ...MovieFields }
            _metadata { ... on Movie { id } }
          }
        }
        fragment ReviewFields on Review { text }
        fragment MovieFields on Movie { title }
        """, rule, [
            "3:40 Fragment \"MovieFields\" cannot be spread here as objects of type \"Review\" can never be of type \"Movie\".",
            "4:17 Fragment cannot be spread here as objects of type \"_Metadata\" can never be of type \"Movie\".",
        ])
    }

    func testSpreadsInsideFragmentDefinitionsUseTheConditionType() {
        assertLocated("""
        fragment F on Movie {
          ...G
          actors_via_MovieActor { ...G }
        }
        fragment G on Actor { name }
        """, rule, [
            "2:3 Fragment \"G\" cannot be spread here as objects of type \"Movie\" can never be of type \"Actor\".",
        ])
    }

    func testInlineFragmentInsideAnInlineFragmentTakesItsType() {
        assertLocated("""
        query A {
          movies {
            ... on Movie {
              ... on Actor { name }
            }
          }
        }
        """, rule, [
            "4:7 Fragment cannot be spread here as objects of type \"Movie\" can never be of type \"Actor\".",
        ])
    }

    func testRootTypeFragmentsFitOnlyTheirRoot() {
        // Data Connect's `Mutation.query` field has type Query, so a Query fragment fits there too.
        assertLocated("""
        query A { ...Q ...M }
        mutation B { query { ...Q } }
        fragment Q on Query { movies { id } }
        fragment M on Mutation { movie_delete(id: "0123456789abcdef0123456789abcdef") }
        """, rule, [
            "1:16 Fragment \"M\" cannot be spread here as objects of type \"Query\" can never be of type \"Mutation\".",
        ])
    }

    func testUnknownAndNonCompositeConditionsAreLeftToOtherRules() {
        // KnownFragmentNames, KnownTypeNames and FragmentsOnCompositeTypes report these.
        assertValid("""
        query A {
          movies {
            ...Missing
            ...OnUnknown
            ...OnScalar
            ... on Unknown { id }
            ... on Genre { id }
          }
        }
        fragment OnUnknown on Unknwn { id }
        fragment OnScalar on String { id }
        """, rule)
    }

    func testSpreadOfAFragmentFromAnotherFileIsReportedWhereItIsSpread() {
        let diagnostics = Fixture.diagnostics(["query A {\n  actors { ...M }\n}", "fragment M on Movie { id }"], rules: [rule])
        XCTAssertEqual(diagnostics.map(\.message),
                       ["Fragment \"M\" cannot be spread here as objects of type \"Actor\" can never be of type \"Movie\"."])
        XCTAssertEqual(diagnostics.first?.span?.file.path, "connector/file0.gql")
        XCTAssertEqual(diagnostics.first?.span?.range.map { "\($0.start)" }, "2:12")
    }
}
