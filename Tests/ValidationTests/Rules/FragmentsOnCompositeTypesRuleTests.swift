import XCTest
@testable import Validation

/// Spec 5.5.1.3: fragments condition only on object, interface or union types.
final class FragmentsOnCompositeTypesRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { FragmentsOnCompositeTypesRule() }

    func testObjectTypesAndMissingConditions() {
        assertValid("""
        query A { movies { ...F ... on Movie { id } ... @include(if: true) { title } } }
        fragment F on Movie { reviews_on_movie { ... on Review { text } } }
        """, rule)
    }

    func testRootTypesAreComposite() {
        assertValid("""
        mutation A { query { ... on Query { movies { id } } } }
        fragment Q on Query { actors { name } }
        """, rule)
    }

    func testNamedFragmentOnBuiltInScalar() {
        assertLocated("fragment F on String { id }", rule,
                      ["1:15 Fragment \"F\" cannot condition on non composite type \"String\"."])
    }

    func testInlineFragmentOnEnum() {
        assertLocated("query A { movies { ... on Genre { id } } }", rule,
                      ["1:27 Fragment cannot condition on non composite type \"Genre\"."])
    }

    func testNamedFragmentOnInputObject() {
        assertLocated("""
        query A { movies { ...F } }
        fragment F on Movie_Filter { id }
        """, rule, ["2:15 Fragment \"F\" cannot condition on non composite type \"Movie_Filter\"."])
    }

    func testDataConnectScalars() {
        assertLocated("""
        fragment Key on Movie_KeyOutput { id }
        fragment Id on UUID { id }
        """, rule, [
            "1:17 Fragment \"Key\" cannot condition on non composite type \"Movie_KeyOutput\".",
            "2:16 Fragment \"Id\" cannot condition on non composite type \"UUID\".",
        ])
    }

    func testInlineFragmentInANestedSelection() {
        assertLocated("""
        query A {
          movies {
            reviews_on_movie {
              ... on Float { x }
            }
          }
        }
        """, rule, ["4:14 Fragment cannot condition on non composite type \"Float\"."])
    }

    func testInlineFragmentInsideANamedFragment() {
        assertLocated("fragment F on Movie { ... on Timestamp { id } }", rule,
                      ["1:30 Fragment cannot condition on non composite type \"Timestamp\"."])
    }

    func testUnknownTypesAreLeftToKnownTypeNames() {
        assertValid("fragment F on Movi { id }\nquery A { movies { ... on Strin { id } } }", rule)
    }
}
