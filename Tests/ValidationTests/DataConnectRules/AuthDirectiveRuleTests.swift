import Diagnostics
import XCTest
@testable import Validation

/// Data Connect's `@auth` and `@check` conditions: a CEL condition is not empty, every `vars.x` it
/// reads is a variable of the operation, and `insecureReason` says something.
final class AuthDirectiveRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { AuthDirectiveRule() }

    private func undeclared(_ directive: String, _ variable: String, _ owner: String, _ suggestion: String? = nil) -> String {
        "@\(directive)(expr:) reads vars.\(variable), but \(owner) declares no variable \"$\(variable)\"."
            + (suggestion.map { " Did you mean \"vars.\($0)\"?" } ?? "")
    }

    private func emptyExpression(_ directive: String) -> String {
        "@\(directive)(expr:) needs a CEL condition, e.g. \"auth.uid != null\"."
    }

    func testEveryAccessLevelIsValid() {
        assertValid("""
        query A @auth(level: PUBLIC, insecureReason: "Public catalogue.") { movies { id } }
        query B @auth(level: USER_ANON) { movies { id } }
        query C @auth(level: USER) { movies(where: {title: {eq_expr: "auth.uid"}}) { id } }
        query D @auth(level: USER_EMAIL_VERIFIED) { movies { id } }
        query E @auth(level: NO_ACCESS) { movies { id } }
        """, rule)
    }

    /// Data Connect's example `has(vars.status)`, lists and defaults, and `vars.` inside string
    /// literals, which is text, not a read.
    func testExpressionsReadingDeclaredVariablesAreValid() {
        assertValid("""
        mutation Update($id: UUID!, $status: Any) @auth(expr: "has(vars.status)") { movie_update(id: $id, data: {meta: $status}) }
        query A($ids: [UUID!] = [], $min: Int = 3, $uid: String)
          @auth(expr: "auth.uid == vars.uid && vars.ids.size() >= vars.min && 'vars.x' != \\"vars.y\\"") {
          movies(where: {id: {in: $ids}}) @check(expr: "this.size() >= vars.min") { id }
        }
        """, rule)
    }

    func testUndeclaredVariableIsReportedAtTheExpressionWithASuggestion() {
        assertLocated("""
        query A($userId: String)
          @auth(expr: "auth.uid == vars.userid") {
          movies { id }
        }
        """, rule, ["2:15 " + undeclared("auth", "userid", "operation \"A\"", "userId")])
    }

    func testAnonymousOperationIsCalledTheOperation() {
        assertLocated("query @auth(expr: \"vars.limit > 0\") { movies { id } }", rule,
                      ["1:19 " + undeclared("auth", "limit", "the operation")])
    }

    func testEachUndeclaredVariableIsReportedOnceInOrder() {
        assertLocated("query A($title: String) @auth(expr: \"vars.b == vars.a || vars.b != vars.titel\") { movies { id } }", rule, [
            "1:37 " + undeclared("auth", "b", "operation \"A\""),
            "1:37 " + undeclared("auth", "a", "operation \"A\""),
            "1:37 " + undeclared("auth", "titel", "operation \"A\"", "title"),
        ])
    }

    func testChecksInNestedSelectionsReadTheOperationsVariables() {
        assertLocated("""
        mutation A($id: UUID!, $owner: String = "x") @auth(level: USER) @transaction {
          query {
            movie(id: $id) @redact {
              reviews_on_movie @check(expr: "this.exists(r, r.text == vars.owner)", message: "not yours") { id }
              title @check(expr: "this == vars.name")
            }
          }
          movie_delete(id: $id)
        }
        """, rule, ["5:26 " + undeclared("check", "name", "operation \"A\"")])
    }

    func testCheckInAFragmentReadingAVariableOfItsOperationIsValid() {
        assertValid("""
        query A($n: Int = 1) @auth(level: USER) { movies { ...F } }
        fragment F on Movie @check(expr: "vars.n > 0") { id ... on Movie @check(expr: "this != null") { title } }
        """, rule)
    }

    /// A fragment's condition is checked against every operation that spreads it, directly or
    /// through another fragment, and reported where the fragment is written.
    func testCheckInAFragmentIsCheckedForEachOperationThatSpreadsIt() {
        let diagnostics = Fixture.diagnostics([
            """
            query A($n: Int) { movies { ...Outer } }
            query B { actors { id } }
            query C($m: Int) { movies { ...Outer } }
            """,
            """
            fragment Outer on Movie { id ...Inner }
            fragment Inner on Movie {
              reviews_on_movie @check(expr: "this.size() <= vars.n") { id }
            }
            """,
        ], rules: [rule])
        XCTAssertEqual(diagnostics.map(\.description), [
            "connector/file1.gql:3:33: error: " + undeclared("check", "n", "operation \"C\"", "m"),
        ])
    }

    func testEmptyExpressionsAreErrorsAtTheString() {
        let text = """
        query A @auth(expr: "") {
          movies @check(expr: "  ") { id }
        }
        fragment F on Movie { title @check(expr: "\\n") }
        """
        assertLocated(text, rule, ["1:21 " + emptyExpression("auth"), "2:23 " + emptyExpression("check"), "4:42 " + emptyExpression("check")])
        XCTAssertEqual(Fixture.diagnostics([text], rules: [rule]).map(\.severity), [.error, .error, .error])
    }

    func testEmptyInsecureReasonIsAnError() {
        assertLocated("""
        query A @auth(level: PUBLIC, insecureReason: "") { movies { id } }
        query B @auth(level: USER, insecureReason: "   ") { movies { id } }
        """, rule, [
            "1:46 @auth(insecureReason:) must say why the policy is intended.",
            "2:44 @auth(insecureReason:) must say why the policy is intended.",
        ])
    }

    func testBlockStringExpressionIsReportedAtItsQuotes() {
        assertLocated("""
        query A($uid: String) @auth(expr: \"\"\"
          auth.uid == vars.uid ||
          vars.admin == true
        \"\"\") { movies { id } }
        """, rule, ["1:35 " + undeclared("auth", "admin", "operation \"A\"")])
    }

    /// `@check` without `expr` uses the prelude's default condition.
    func testCheckWithoutExpressionIsValid() {
        assertValid("mutation A @transaction { query { movies @check(message: \"none\") { id } } movie_insert(data: {title: \"x\"}) }", rule)
    }

    /// The original cases, kept from the grouped tests.
    func testAuthExpressions() {
        assertValid("query A($uid: String) @auth(expr: \"auth.uid == vars.uid && 'vars.x' != ''\") { movies(where: {title: {eq: $uid}}) { id } }", rule)
        assertMessages("query A($userId: String) @auth(expr: \"auth.uid == vars.userid\") { movies { id @check(expr: \" \") } }", rule, [
            "@auth(expr:) reads vars.userid, but operation \"A\" declares no variable \"$userid\". Did you mean \"vars.userId\"?",
            "@check(expr:) needs a CEL condition, e.g. \"auth.uid != null\".",
        ])
        assertMessages("query A @auth(level: PUBLIC, insecureReason: \"\") { movies { id } }", rule,
                       ["@auth(insecureReason:) must say why the policy is intended."])
    }

    /// Levels are checked by ValuesOfCorrectType against the prelude's `AccessLevel`.
    func testAuthLevelIsCheckedAgainstThePrelude() {
        let messages = Fixture.diagnostics(["query A @auth(level: PUBLC) { movies { id } }"]).map(\.message)
        XCTAssertEqual(messages, ["Value \"PUBLC\" does not exist in \"AccessLevel\" enum. Did you mean the enum value \"PUBLIC\"?"])
    }

    func testCELVariableReferences() {
        XCTAssertEqual(CELReferences.variables(in: "vars.a == auth.uid && myvars.b == 'vars.c' && vars.a_1 != \"vars.d\""), ["a", "a_1"])
        // Escaped quotes stay inside their literal; text around non-ASCII characters is read by bytes.
        XCTAssertEqual(CELReferences.variables(in: "'é\\'vars.x' == vars.é || évars.y == vars.y || vars.z_2é"), ["y", "z_2"])
        XCTAssertEqual(CELReferences.variables(in: "\"vars.a\\\\\" + vars.b + vars"), ["b"])
    }
}
