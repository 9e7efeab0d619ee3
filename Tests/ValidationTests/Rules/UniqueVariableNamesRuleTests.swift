import Diagnostics
import XCTest
@testable import Validation

/// Spec 5.8.1: an operation declares each variable once.
final class UniqueVariableNamesRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { UniqueVariableNamesRule() }

    func testDistinctVariablesAreValid() {
        assertValid("query A($a: Int, $b: Int = 2, $ids: [UUID!]) { movies(limit: $a, offset: $b, where: {id: {in: $ids}}) { id } }", rule)
    }

    func testTheSameNameInDifferentOperationsIsValid() {
        assertValid("""
        query A($id: UUID!) { movie(id: $id) { id } }
        query B($id: UUID!) { actor(id: $id) { id } }
        mutation C($id: UUID!) { movie_delete(id: $id) }
        """, rule)
    }

    func testDuplicateIsReportedAtTheRepeatedName() {
        // graphql-js points at the name, after the `$`.
        assertLocated("""
        query A($a: Int, $a: Int) {
          movies(limit: $a) { id }
        }
        """, rule, [
            "1:19 There can be only one variable named \"$a\".",
        ])
    }

    func testDuplicateOfAnotherTypeOrWithADefaultIsStillADuplicate() {
        assertLocated("""
        mutation A(
          $data: Movie_Data! @allow(fields: "title")
          $data: [Movie_Data!] = [{title: "x"}]
        ) { movie_insert(data: $data) }
        """, rule, [
            "3:4 There can be only one variable named \"$data\".",
        ])
    }

    func testSeveralDuplicatedNamesAreEachReported() {
        assertLocated("query A($a: Int, $b: Int, $b: String, $a: Int) { movies { id } }", rule, [
            "1:28 There can be only one variable named \"$b\".",
            "1:40 There can be only one variable named \"$a\".",
        ])
    }

    func testANameRepeatedSeveralTimesIsReportedOnce() {
        // graphql-js reports each repeated name once, with all its occurrences.
        assertLocated("query A($a: Int, $a: Int, $a: String) { movies(limit: $a) { id } }", rule, [
            "1:19 There can be only one variable named \"$a\".",
        ])
    }

    func testNamesAreCaseSensitive() {
        assertValid("query A($limit: Int, $Limit: Int, $LIMIT: Int) { movies(limit: $limit) { id } }", rule)
    }

    func testUsingAVariableSeveralTimesIsNotADuplicate() {
        assertValid("""
        query A($n: Int) { movies(limit: $n, offset: $n) { ...F } }
        fragment F on Movie { reviews_on_movie(limit: $n, offset: $n) { id } }
        """, rule)
    }

    func testEachOperationIsCheckedOnItsOwn() {
        assertLocated("""
        query A($x: Int) { movies(limit: $x) { id } }
        query B($x: Int, $x: Int) { movies(limit: $x) { id } }
        """, rule, [
            "2:19 There can be only one variable named \"$x\".",
        ])
    }
}
