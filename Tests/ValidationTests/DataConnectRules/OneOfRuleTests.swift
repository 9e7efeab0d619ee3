import Diagnostics
import XCTest
@testable import Validation

/// Data Connect's `@fdc_oneOf`: among the arguments or input fields of one group at most one is
/// given, and exactly one when the group is required (`@auth(level | expr)`, `eq | eq_expr`,
/// `now | at`, `inc | dec`, ...).
final class OneOfRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { OneOfRule() }

    func testOneMemberOfEachGroupIsValid() {
        assertValid("""
        query A($t: String = "x") @auth(level: PUBLIC) {
          movies(where: {title: {eq: $t, ne_expr: "auth.uid"}, createdAt: {ge_time: {now: true, sub: {days: 7}}, lt: "2030-01-01T00:00:00Z"}}) { id }
        }
        query B @auth(expr: "auth.uid != null") { movies(where: {title: {pattern: {regex: "^A", ignoreCase: true}}}) { id } }
        """, rule)
        assertValid("""
        mutation C($id: UUID!) @auth(level: USER) {
          movie_update(id: $id, data: {releaseYear_update: [{inc: 1}, {dec: 2}], tags_update: [{append: ["a"]}, {remove: ["b"]}],
                                       createdAt_time: {at: "2024-05-01T12:00:00Z", add: {hours: 1}}})
        }
        """, rule)
    }

    func testLevelAndExprTogetherAreReportedAtTheSecond() {
        assertLocated("""
        query A @auth(
          level: USER,
          expr: "auth.uid != null"
        ) { movies { id } }
        """, rule, ["3:3 Only one of \"level\", \"expr\" may be given to directive \"@auth\"; found \"level\" and \"expr\"."])
    }

    func testAuthWithoutLevelOrExprIsReportedAtTheDirective() {
        assertLocated("""
        query A @auth(insecureReason: "demo") { movies { id } }
        mutation B @transaction @auth { movie_insert(data: {title: "x"}) }
        """, rule, [
            "1:9 Exactly one of \"level\", \"expr\" must be given to directive \"@auth\".",
            "2:25 Exactly one of \"level\", \"expr\" must be given to directive \"@auth\".",
        ])
    }

    func testValueAndExpressionOfOneFilterOperatorAreReportedAtTheSecond() {
        assertLocated("query A { movies(where: {title: {eq: \"x\", eq_expr: \"auth.uid\"}}) { id } }", rule,
                      ["1:43 Only one of \"eq\", \"eq_expr\" may be given to input type \"String_Filter\"; found \"eq\" and \"eq_expr\"."])
    }

    /// A three-member group is reported once, at its second member, naming all that were given.
    func testThreeMembersOfOneGroupAreReportedOnce() {
        assertLocated("""
        query A {
          movies(where: {createdAt: {eq_time: {now: true}, eq: "2024-05-01T12:00:00Z", eq_expr: "request.time"}}) { id }
        }
        """, rule, ["2:52 Only one of \"eq\", \"eq_expr\", \"eq_time\" may be given to input type \"Timestamp_Filter\"; "
                    + "found \"eq_time\" and \"eq\" and \"eq_expr\"."])
    }

    func testRelativeTimeWithoutNowOrAtIsReportedAtItsObject() {
        assertLocated("""
        mutation A($id: UUID!) {
          movie_update(id: $id, data: {createdAt_time: {add: {days: 1}, truncateTo: DAY}})
        }
        """, rule, ["2:48 Exactly one of \"now\", \"at\" must be given to input type \"Timestamp_Relative\"."])
    }

    func testUpdatesInAListAreCheckedOneByOne() {
        assertLocated("""
        mutation A($id: UUID!) {
          movie_update(id: $id, data: {
            releaseYear_update: [{inc: 1}, {inc: 1, dec: 2}],
            tags_update: [{append: ["a"], prepend: ["b"], remove: ["c"]}]
          })
        }
        """, rule, [
            "3:45 Only one of \"inc\", \"dec\" may be given to input type \"Int_Update\"; found \"inc\" and \"dec\".",
            "4:35 Only one of \"append\", \"prepend\", \"add\", \"remove\" may be given to input type \"String_ListUpdate\"; "
                + "found \"append\" and \"prepend\" and \"remove\".",
        ])
    }

    /// A variable gives its member as much as a literal does, and a variable's default is checked too.
    func testVariablesAndDefaultsCount() {
        assertLocated("""
        query A($t: String, $f: Movie_Filter = {title: {ne: "a", ne_expr: "auth.uid"}}) {
          movies(where: {title: {eq_expr: "auth.uid", eq: $t}}) { id }
          m: movies(where: $f) { id }
        }
        """, rule, [
            "1:58 Only one of \"ne\", \"ne_expr\" may be given to input type \"String_Filter\"; found \"ne\" and \"ne_expr\".",
            "2:47 Only one of \"eq\", \"eq_expr\" may be given to input type \"String_Filter\"; found \"eq_expr\" and \"eq\".",
        ])
    }

    func testFiltersInFragmentsAndNestedSelectionsAreChecked() {
        assertLocated("""
        query A { movies { ...F } }
        fragment F on Movie {
          reviews_on_movie(where: {movie: {releaseYear: {gt: 2000, gt_expr: "1999"}}}) { id }
        }
        """, rule, ["3:60 Only one of \"gt\", \"gt_expr\" may be given to input type \"Int_Filter\"; found \"gt\" and \"gt_expr\"."])
    }

    func testOneOfViolationsAreErrors() {
        let diagnostics = Fixture.diagnostics(["query A @auth { movies(where: {title: {eq: \"a\", eq_expr: \"auth.uid\"}}) { id } }"], rules: [rule])
        XCTAssertEqual(diagnostics.map(\.severity), [.error, .error])
    }

    /// The original cases, kept from the grouped tests.
    func testOneOfGroups() {
        assertValid("query A @auth(level: PUBLIC) { movies(where: {title: {eq: \"x\"}}) { id } }", rule)
        assertMessages("query A @auth(level: PUBLIC, expr: \"true\") { movies(where: {title: {eq: \"x\", eq_expr: \"auth.uid\"}}) { id } }", rule, [
            "Only one of \"level\", \"expr\" may be given to directive \"@auth\"; found \"level\" and \"expr\".",
            "Only one of \"eq\", \"eq_expr\" may be given to input type \"String_Filter\"; found \"eq\" and \"eq_expr\".",
        ])
        assertMessages("query A @auth(insecureReason: \"demo\") { movies { id } }", rule,
                       ["Exactly one of \"level\", \"expr\" must be given to directive \"@auth\"."])
    }
}
