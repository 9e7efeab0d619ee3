import Diagnostics
import XCTest
@testable import Validation

/// Data Connect's own operation rules.
final class DataConnectRuleTests: RuleTestCase {
    func testAuthExpressions() {
        assertValid("query A($uid: String) @auth(expr: \"auth.uid == vars.uid && 'vars.x' != ''\") { movies(where: {title: {eq: $uid}}) { id } }",
                    { AuthDirectiveRule() })
        assertMessages("query A($userId: String) @auth(expr: \"auth.uid == vars.userid\") { movies { id @check(expr: \" \") } }",
                       { AuthDirectiveRule() }, [
            "@auth(expr:) reads vars.userid, but operation \"A\" declares no variable \"$userid\". Did you mean \"vars.userId\"?",
            "@check(expr:) needs a CEL condition, e.g. \"auth.uid != null\".",
        ])
        assertMessages("query A @auth(level: PUBLIC, insecureReason: \"\") { movies { id } }", { AuthDirectiveRule() },
                       ["@auth(insecureReason:) must say why the policy is intended."])
    }

    func testAuthLevelIsCheckedAgainstThePrelude() {
        let messages = Fixture.diagnostics(["query A @auth(level: PUBLC) { movies { id } }"]).map(\.message)
        XCTAssertEqual(messages, ["Value \"PUBLC\" does not exist in \"AccessLevel\" enum. Did you mean the enum value \"PUBLIC\"?"])
    }

    func testTransactionOnlyOnMutations() {
        XCTAssertEqual(Fixture.diagnostics(["mutation A @transaction { movie_insert(data: {title: \"x\"}) }"]), [])
        XCTAssertEqual(Fixture.diagnostics(["query A @transaction { movies { id } }"]).map(\.message),
                       ["Directive \"@transaction\" may not be used on QUERY."])
    }

    func testQueryInsideMutation() {
        XCTAssertEqual(Fixture.diagnostics(["""
        mutation A @transaction {
          query { movies(where: {title: {eq: "x"}}) @check(expr: "this != []") @redact { id } }
          movie_insert(data: {title: "x"})
        }
        """]), [])
    }

    func testRefresh() {
        let rule: @Sendable () -> any ValidationRule = { RefreshDirectiveRule() }
        XCTAssertEqual(Fixture.diagnostics([
            "query A @refresh(every: {seconds: 30}) @refresh(onMutationExecuted: [{operation: \"Add\", condition: \"true\"}]) { movies { id } }",
            "mutation Add { movie_insert(data: {title: \"x\"}) }",
        ], rules: [rule]), [])
        XCTAssertEqual(Fixture.diagnostics([
            "query A @refresh(every: {seconds: 0}) @refresh(every: {minutes: -1}) @refresh(onMutationExecuted: {operation: \"Ad\"}) @refresh(onMutationExecuted: {operation: \"add\"}) @refresh { movies { id } }",
            "mutation Add { movie_insert(data: {title: \"x\"}) }",
        ], rules: [rule]).map(\.message), [
            "@refresh(every:) needs a positive duration, e.g. {seconds: 30}.",
            "@refresh(every:) needs a positive duration, e.g. {seconds: 30}.",
            "@refresh(every:) durations cannot be negative.",
            "@refresh(onMutationExecuted:) names \"Ad\", which is not a mutation of this connector; the query refreshes only when "
                + "another connector of the service, or an admin document, runs a mutation of that name. Did you mean \"Add\"?",
            "@refresh(onMutationExecuted:) names \"add\", but the mutation is spelled \"Add\".",
            "@refresh needs \"every\" or \"onMutationExecuted\".",
        ])
    }

    /// Data Connect matches mutations per service: a name from another connector is only a warning.
    func testRefreshOnMutationOfAnotherConnectorIsAWarning() {
        let diagnostics = Fixture.diagnostics(["query A @refresh(onMutationExecuted: {operation: \"AdminImport\"}) { movies { id } }"],
                                              rules: [{ RefreshDirectiveRule() }])
        XCTAssertEqual(diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(diagnostics.map(\.description), [
            "connector/file0.gql:1:50: warning: @refresh(onMutationExecuted:) names \"AdminImport\", which is not a mutation of "
                + "this connector; the query refreshes only when another connector of the service, or an admin document, runs a mutation of that name.",
        ])
    }

    /// Data Connect rejects `every` outside 10 seconds – 1 hour at deploy time.
    func testRefreshIntervalBetweenTenSecondsAndAnHour() {
        let rule: @Sendable () -> any ValidationRule = { RefreshDirectiveRule() }
        XCTAssertEqual(Fixture.diagnostics([
            "query A @refresh(every: {seconds: 10}) @refresh(every: {hours: 1}) @refresh(every: {minutes: 59, seconds: 60}) "
                + "@refresh(every: {milliseconds: 10000}) { movies { id } }",
        ], rules: [rule]), [])
        let diagnostics = Fixture.diagnostics([
            "query A @refresh(every: {seconds: 9}) @refresh(every: {milliseconds: 9500}) @refresh(every: {hours: 1, seconds: 1}) "
                + "@refresh(every: {days: 1}) @refresh(every: {months: 1}) { movies { id } }",
        ], rules: [rule])
        XCTAssertEqual(diagnostics.map(\.severity), Array(repeating: .error, count: 5))
        XCTAssertEqual(diagnostics.map(\.message), [
            "@refresh(every:) must be between 10 seconds and 1 hour; this is 9 seconds.",
            "@refresh(every:) must be between 10 seconds and 1 hour; this is 9.5 seconds.",
            "@refresh(every:) must be between 10 seconds and 1 hour; this is 3601 seconds.",
            "@refresh(every:) must be between 10 seconds and 1 hour; this is 86400 seconds.",
            "@refresh(every:) must be between 10 seconds and 1 hour; this is 2592000 seconds.",
        ])
    }

    func testRefreshOnlyOnQueries() {
        XCTAssertEqual(Fixture.diagnostics(["mutation A @refresh(every: {seconds: 1}) { movie_insert(data: {title: \"x\"}) }"]).map(\.message),
                       ["Directive \"@refresh\" may not be used on MUTATION."])
    }

    func testCheckPlacement() {
        let rule: @Sendable () -> any ValidationRule = { CheckPlacementRule() }
        XCTAssertEqual(Fixture.diagnostics(["mutation A @transaction { query { movies @check(expr: \"true\") { id } } movie_insert(data: {title: \"x\"}) }"],
                                           rules: [rule]), [])
        let diagnostics = Fixture.diagnostics(["mutation A { query { movies @check(expr: \"true\") { id } } movie_insert(data: {title: \"x\"}) }"],
                                              rules: [rule])
        XCTAssertEqual(diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(Fixture.diagnostics(["query A { movies @redact @check(expr: \"true\") { id } }", "fragment F on Movie @redact { id }"]).map(\.message),
                       ["Fragment \"F\" is never used.", "Directive \"@redact\" may not be used on FRAGMENT_DEFINITION."])
    }

    func testCELVariableReferences() {
        XCTAssertEqual(CELReferences.variables(in: "vars.a == auth.uid && myvars.b == 'vars.c' && vars.a_1 != \"vars.d\""), ["a", "a_1"])
        // Escaped quotes stay inside their literal; text around non-ASCII characters is read by bytes.
        XCTAssertEqual(CELReferences.variables(in: "'é\\'vars.x' == vars.é || évars.y == vars.y || vars.z_2é"), ["y", "z_2"])
        XCTAssertEqual(CELReferences.variables(in: "\"vars.a\\\\\" + vars.b + vars"), ["b"])
    }
}
