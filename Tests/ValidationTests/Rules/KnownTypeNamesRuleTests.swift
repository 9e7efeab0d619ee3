import XCTest
@testable import Validation

/// Spec 5.4.1.2 / 5.8.2: every type named by a variable or a type condition exists.
final class KnownTypeNamesRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { KnownTypeNamesRule() }

    func testBuiltInAndDataConnectTypes() {
        assertValid("""
        query A($id: UUID!, $genre: Genre, $n: Int = 3, $s: String, $f: Float, $b: Boolean, $i: ID,
                $t: Timestamp, $d: Date, $big: Int64, $any: Any, $tags: [String!]! = ["a"]) {
          movie(id: $id) { id }
        }
        """, rule)
    }

    func testSynthesizedInputTypes() {
        assertValid("""
        mutation A($data: Movie_Data!, $key: Movie_Key, $where: Movie_Filter, $order: [Movie_Order!]) {
          movie_update(key: $key, data: $data)
        }
        fragment F on MovieActor { role }
        """, rule)
    }

    func testUnknownVariableTypeInsideWrappers() {
        assertLocated("query A($ids: [UUDI!]!) { movies { id } }", rule,
                      ["1:16 Unknown type \"UUDI\". Did you mean \"UUID\"?"])
    }

    func testUnknownTypeWithADefaultValue() {
        assertLocated("query A($n: Integer = 3, $ids: [Strng] = [\"a\"]) { movies(limit: $n) { id } }", rule, [
            "1:13 Unknown type \"Integer\".",
            "1:33 Unknown type \"Strng\". Did you mean \"String\"?",
        ])
    }

    func testSuggestionIgnoresCase() {
        assertLocated("query A($s: string) { movies { id } }", rule, ["1:13 Unknown type \"string\". Did you mean \"String\"?"])
    }

    func testNamedFragmentCondition() {
        assertLocated("""
        query A { movies { ...F } }
        fragment F on Movi { id }
        """, rule, ["2:15 Unknown type \"Movi\". Did you mean \"Movie\"?"])
    }

    func testInlineFragmentConditionInANestedSelection() {
        assertLocated("""
        query A {
          movies {
            reviews_on_movie { ... on Reveiw { text } }
          }
        }
        """, rule, ["3:31 Unknown type \"Reveiw\". Did you mean \"Review\"?"])
    }

    func testSynthesizedTypeTypo() {
        assertLocated("query A($w: Movie_Filtr, $e: Strng_Expr) { movies(where: $w) { id } }", rule, [
            "1:13 Unknown type \"Movie_Filtr\". Did you mean \"Movie_Filter\"?",
            "1:30 Unknown type \"Strng_Expr\". Did you mean \"String_Expr\"?",
        ])
    }

    func testReportedInDocumentOrder() {
        assertLocated("""
        fragment F on Film { id }
        query A($x: Nope) { movies { ... on Nada { id } } }
        """, rule, [
            "1:15 Unknown type \"Film\".",
            "2:13 Unknown type \"Nope\".",
            "2:37 Unknown type \"Nada\".",
        ])
    }
}
