import XCTest
@testable import Validation

/// Spec 5.8.4: every declared variable is used by its operation or a fragment it spreads; a warning in
/// sdkgen, and `vars.x` read by CEL in `@auth`, `@check` or `@refresh` counts as a use.
final class NoUnusedVariablesRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { NoUnusedVariablesRule() }

    func testVariablesUsedInEveryPosition() {
        assertValid("""
        query A($n: Int = 10, $show: Boolean!, $ids: [UUID!] = [], $t: String, $r: Int) {
          movies(limit: $n, where: {id: {in: $ids}}) @include(if: $show) {
            ...F
            ... on Movie { reviews_on_movie(offset: $r) { text } }
          }
        }
        fragment F on Movie { reviews_on_movie(where: {text: {eq: $t}}) { id } }
        """, rule)
    }

    func testUnusedVariableIsAWarningAtItsDefinition() {
        let diagnostics = Fixture.diagnostics(["query A($n: Int) { movies { id } }"], rules: [rule])
        XCTAssertEqual(diagnostics.map(\.severity), [.warning])
        assertLocated("query A($n: Int) { movies { id } }", rule, ["1:9 Variable \"$n\" is never used in operation \"A\"."])
    }

    func testAnonymousOperationIsNotNamed() {
        assertLocated("query ($n: Int, $m: Int) { movies(limit: $m) { id } }", rule, ["1:8 Variable \"$n\" is never used."])
    }

    func testEveryUnusedVariableWithDefaultsAndLists() {
        assertLocated("""
        query A(
          $ids: [UUID!] = [],
          $n: Int = 3,
          $matrix: [[Int]]
        ) { movies(limit: $n) { id } }
        """, rule, [
            "2:3 Variable \"$ids\" is never used in operation \"A\".",
            "4:3 Variable \"$matrix\" is never used in operation \"A\".",
        ])
    }

    func testUseInAFragmentCountsOnlyForOperationsSpreadingIt() {
        assertLocated("""
        query A($n: Int) { movies { ...F } }
        query B($n: Int) { movies { id } }
        fragment F on Movie { reviews_on_movie(limit: $n) { text } }
        """, rule, ["2:9 Variable \"$n\" is never used in operation \"B\"."])
    }

    func testVariablesReadByAuthAndCheckCountAsUsed() {
        assertValid("""
        query A($uid: String, $n: Int) @auth(expr: "auth.uid == vars.uid") { movies { ...F } }
        fragment F on Movie @check(expr: "vars.n > 0") { id }
        mutation B($min: Int) @transaction { query { movies @check(expr: "this.size() >= vars.min", message: "few") { id } } }
        """, rule)
    }

    func testVariableReadByRefreshConditionCountsAsUsed() {
        assertValid("""
        query A($id: UUID!) @refresh(onMutationExecuted: {operation: "B", condition: "mutation.vars.id == vars.id"}) {
          movies { id }
        }
        """, rule)
    }

    func testVarsInsideACELStringLiteralIsNotAUse() {
        assertLocated("query A($uid: String) @auth(expr: \"auth.uid == 'vars.uid'\") { movies { id } }", rule,
                      ["1:9 Variable \"$uid\" is never used in operation \"A\"."])
    }

    func testCELReadInAFragmentThatIsNotSpread() {
        assertLocated("""
        query A($n: Int) { movies { id } }
        fragment F on Movie @check(expr: "vars.n > 0") { id }
        """, rule, ["1:9 Variable \"$n\" is never used in operation \"A\"."])
    }
}
