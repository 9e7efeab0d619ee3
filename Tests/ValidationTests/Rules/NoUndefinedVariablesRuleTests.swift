import XCTest
@testable import Validation

/// Spec 5.8.3: every variable an operation uses, directly or through its fragments, is declared by it.
final class NoUndefinedVariablesRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { NoUndefinedVariablesRule() }

    func testVariablesInEveryPosition() {
        assertValid("""
        query A($n: Int = 10, $show: Boolean!, $ids: [UUID!] = [], $t: String) {
          movies(limit: $n, where: {id: {in: $ids}, title: {eq: $t}}) @include(if: $show) {
            ...F
            ... on Movie @skip(if: $show) { reviews_on_movie(limit: $n) { text } }
          }
        }
        fragment F on Movie { reviews_on_movie(where: {text: {eq: $t}}) { id } }
        """, rule)
    }

    func testTypoIsSuggested() {
        assertLocated("query A($limit: Int) { movies(limit: $limt) { id } }", rule,
                      ["1:38 Variable \"$limt\" is not defined by operation \"A\". Did you mean \"$limit\"?"])
    }

    func testAnonymousOperationIsNotNamed() {
        assertLocated("query ($limit: Int) { movies(limit: $limit, offset: $skip) { id } }", rule, ["1:53 Variable \"$skip\" is not defined."])
    }

    func testUsageInsideAFragmentIsReportedThere() {
        assertLocated("""
        query A { movies { ...F } }
        fragment F on Movie {
          reviews_on_movie(limit: $n) { id }
        }
        """, rule, ["3:27 Variable \"$n\" is not defined by operation \"A\"."])
    }

    func testEachOperationSpreadingTheFragmentIsChecked() {
        assertLocated("""
        query A($n: Int) { movies { ...F } }
        query B { actors { name } movies { ...F } }
        fragment F on Movie { reviews_on_movie(limit: $n) { text } }
        """, rule, ["3:47 Variable \"$n\" is not defined by operation \"B\"."])
    }

    func testEveryUsageIsReported() {
        assertLocated("""
        query A($title: String) {
          movies(limit: $count, where: {title: {eq: $title}}) {
            reviews_on_movie(limit: $count, offset: $skip) { text }
          }
        }
        """, rule, [
            "2:17 Variable \"$count\" is not defined by operation \"A\".",
            "3:29 Variable \"$count\" is not defined by operation \"A\".",
            "3:45 Variable \"$skip\" is not defined by operation \"A\".",
        ])
    }

    func testUsagesInListsObjectsAndDirectives() {
        assertLocated("""
        query A {
          movies(where: {id: {in: [$id]}, _or: [{title: {eq: $t}}]}) @include(if: $show) { id }
        }
        """, rule, [
            "2:28 Variable \"$id\" is not defined by operation \"A\".",
            "2:54 Variable \"$t\" is not defined by operation \"A\".",
            "2:75 Variable \"$show\" is not defined by operation \"A\".",
        ])
    }

    func testCELReadsOfVarsAreNotGraphQLVariables() {
        assertValid("""
        query A @auth(expr: "vars.uid == auth.uid") { movies @check(expr: "vars.n > 0") { id } }
        """, rule)
    }

    func testMutationWithAnUndeclaredDataVariable() {
        assertLocated("""
        mutation Insert($title: String!) @transaction {
          movie_insert(data: {title: $title, genre: $genre})
          query { movies(where: {title: {eq: $title}}) { id } }
        }
        """, rule, ["2:45 Variable \"$genre\" is not defined by operation \"Insert\"."])
    }

    func testFragmentInAnotherFileIsReportedInThatFile() {
        let diagnostics = Fixture.diagnostics(["query A { movies { ...F } }", "fragment F on Movie { reviews_on_movie(limit: $n) { id } }"],
                                              rules: [rule])
        XCTAssertEqual(diagnostics.map(\.message), ["Variable \"$n\" is not defined by operation \"A\"."])
        XCTAssertEqual(diagnostics.first?.span?.file.path, "connector/file1.gql")
    }
}
