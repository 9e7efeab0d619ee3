import Diagnostics
import XCTest
@testable import Validation

/// Data Connect's `@fdc_forbiddenAsVariableType`: server values (`_Expr`, durations, relative times,
/// `AccessLevel`, ...) are written inline, never declared as variables.
final class ForbiddenVariableTypesRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { ForbiddenVariableTypesRule() }
    private let exprHint = "Write the expression inline instead, e.g. {field_expr: \"auth.uid\"}."
    private let valueHint = "Write the value inline in the operation instead."

    private func message(_ variable: String, _ type: String, _ named: String) -> String {
        "Variable \"$\(variable)\" cannot have type \"\(type)\": \"\(named)\" is not allowed as a variable type in Data Connect."
    }

    func testClientValueTypesAreValid() {
        assertValid("""
        query A($id: UUID!, $ids: [UUID!] = [], $title: String = "x", $genre: Genre, $at: Timestamp,
                $day: Date, $budget: Int64, $meta: Any, $where: Movie_Filter, $order: [Movie_Order!]) {
          movies(where: $where, orderBy: $order) { id }
        }
        """, rule)
        assertValid("mutation B($key: Movie_Key!, $data: Movie_Data! @allow(fields: \"title\")) { movie_update(key: $key, data: $data) }", rule)
    }

    func testServerValuesWrittenInlineAreValid() {
        assertValid("""
        mutation A @auth(level: USER) {
          movie_insert(data: {id_expr: "uuidV4()", title_expr: "auth.uid", createdAt_time: {now: true, add: {days: 1}}})
          query { movies(where: {createdAt: {ge_time: {now: true, sub: {hours: 1}}}}) { id } }
        }
        """, rule)
    }

    func testExpressionTypeIsReportedAtTheTypeWithTheExpressionHint() {
        assertLocated("query A($uid: String_Expr) { movies { id } }", rule,
                      ["1:15 " + message("uid", "String_Expr", "String_Expr")])
        let diagnostics = Fixture.diagnostics(["query A($uid: String_Expr) { movies { id } }"], rules: [rule])
        XCTAssertEqual(diagnostics.map(\.severity), [.error])
        XCTAssertEqual(diagnostics.flatMap(\.notes).map(\.message), [exprHint])
    }

    func testGeneratedEnumExpressionTypeIsForbidden() {
        assertLocated("query A($g: Genre_Expr) { movies { id } }", rule, ["1:13 " + message("g", "Genre_Expr", "Genre_Expr")])
    }

    func testOtherServerValueTypesGetTheInlineValueHint() {
        let text = """
        query A(
          $every: Timestamp_Duration,
          $since: Timestamp_Relative!,
          $level: AccessLevel = PUBLIC,
          $yes: True
        ) @auth(level: PUBLIC) { movies { id } }
        """
        assertLocated(text, rule, [
            "2:11 " + message("every", "Timestamp_Duration", "Timestamp_Duration"),
            "3:11 " + message("since", "Timestamp_Relative!", "Timestamp_Relative"),
            "4:11 " + message("level", "AccessLevel", "AccessLevel"),
            "5:9 " + message("yes", "True", "True"),
        ])
        XCTAssertEqual(Fixture.diagnostics([text], rules: [rule]).flatMap(\.notes).map(\.message), Array(repeating: valueHint, count: 4))
    }

    func testListAndNonNullWrappersAreReportedWithTheWholeType() {
        assertLocated("mutation A($ids: [UUID_Expr!]!, $when: [Date_Relative]) { movie_delete(id: \"0123456789abcdef0123456789abcdef\") }", rule, [
            "1:18 " + message("ids", "[UUID_Expr!]!", "UUID_Expr"),
            "1:40 " + message("when", "[Date_Relative]", "Date_Relative"),
        ])
    }

    func testDefaultValueDoesNotMakeAForbiddenTypeAllowed() {
        assertLocated("query A($uid: String_Expr = \"auth.uid\") { movies(where: {title: {eq: \"x\"}}) { id } }", rule,
                      ["1:15 " + message("uid", "String_Expr", "String_Expr")])
    }

    func testOnlyTheForbiddenVariablesOfAnOperationAreReported() {
        assertLocated("""
        query A($title: String, $cond: Boolean_Expr, $n: Int = 3) @auth(expr: "vars.title != null") { movies(limit: $n) { id } }
        query B($sql: SQL_Query) { actors { id } }
        """, rule, [
            "1:32 " + message("cond", "Boolean_Expr", "Boolean_Expr"),
            "2:15 " + message("sql", "SQL_Query", "SQL_Query"),
        ])
    }

    /// Unknown types are KnownTypeNames' to report.
    func testUnknownTypeIsLeftToOtherRules() {
        assertValid("query A($x: Strin_Expr) { movies { id } }", rule)
    }
}
