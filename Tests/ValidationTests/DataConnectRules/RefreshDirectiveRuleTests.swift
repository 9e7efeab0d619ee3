import Diagnostics
import XCTest
@testable import Validation

/// Data Connect's `@refresh` on queries: `every` lies between 10 seconds and 1 hour (deploy rejects
/// others), and each `onMutationExecuted` event names a mutation. Mutations are matched per
/// service, so a name that is no mutation of this connector is only a warning.
final class RefreshDirectiveRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { RefreshDirectiveRule() }
    private let addMovie = "mutation AddMovie($title: String!) @auth(level: USER) { movie_insert(data: {title: $title}) }"

    private func diagnostics(_ texts: [String]) -> [Diagnostic] {
        Fixture.diagnostics(texts, rules: [rule])
    }

    /// `"line:column severity: message"` for each diagnostic, across files.
    private func located(_ texts: [String]) -> [String] {
        diagnostics(texts).map { "\($0.span?.range.map { "\($0.start)" } ?? "") \($0.severity.rawValue): \($0.message)" }
    }

    private func outOfRange(_ seconds: String) -> String {
        "@refresh(every:) must be between 10 seconds and 1 hour; this is \(seconds)."
    }

    private func otherConnector(_ name: String, _ suggestion: String? = nil) -> String {
        "@refresh(onMutationExecuted:) names \"\(name)\", which is not a mutation of this connector; the query refreshes only when "
            + "another connector of the service, or an admin document, runs a mutation of that name."
            + (suggestion.map { " Did you mean \"\($0)\"?" } ?? "")
    }

    func testIntervalsAndMutationsOfThisConnectorAreValid() {
        XCTAssertEqual(diagnostics([
            """
            query A($id: UUID!) @auth(level: PUBLIC)
              @refresh(every: {seconds: 30})
              @refresh(onMutationExecuted: [{operation: "AddMovie", condition: "request.variables.id == mutation.variables.id"}, {operation: "DeleteMovie"}]) {
              movie(id: $id) { id ...F }
            }
            fragment F on Movie { title }
            """,
            addMovie + "\nmutation DeleteMovie($id: UUID!) @auth(level: USER) { movie_delete(id: $id) }",
        ]), [])
    }

    /// GraphQL takes a single value where a list is expected (and an older prelude took one event).
    func testSingleEventWithoutAListIsValid() {
        XCTAssertEqual(diagnostics(["query A @refresh(onMutationExecuted: {operation: \"AddMovie\"}) { movies { id } }", addMovie]), [])
    }

    func testIntervalBoundsAreIncluded() {
        assertValid("""
        query A @refresh(every: {seconds: 10}) @refresh(every: {hours: 1}) @refresh(every: {minutes: 59, seconds: 60})
          @refresh(every: {milliseconds: 10000}) @refresh(every: {minutes: 1, seconds: 0}) { movies { id } }
        """, rule)
    }

    func testIntervalsOutsideTenSecondsToAnHourAreErrorsAtTheDuration() {
        let text = """
        query A
          @refresh(every: {seconds: 9})
          @refresh(every: {milliseconds: 9500})
          @refresh(every: {hours: 1, seconds: 1})
          @refresh(every: {days: 1})
          @refresh(every: {months: 1})
          @refresh(every: {seconds: 1}) {
          movies { id }
        }
        """
        assertLocated(text, rule, [
            "2:19 " + outOfRange("9 seconds"),
            "3:19 " + outOfRange("9.5 seconds"),
            "4:19 " + outOfRange("3601 seconds"),
            "5:19 " + outOfRange("86400 seconds"),
            "6:19 " + outOfRange("2592000 seconds"),
            "7:19 " + outOfRange("1 second"),
        ])
        XCTAssertEqual(diagnostics([text]).map(\.severity), Array(repeating: .error, count: 6))
    }

    /// A negative part counts as zero; what remains must still be a positive interval.
    func testZeroAndNegativeDurations() {
        assertLocated("""
        query A @refresh(every: {seconds: 0}) @refresh(every: {}) @refresh(every: {minutes: -1, seconds: 30})
          @refresh(every: {hours: -1}) { movies { id } }
        """, rule, [
            "1:25 @refresh(every:) needs a positive duration, e.g. {seconds: 30}.",
            "1:55 @refresh(every:) needs a positive duration, e.g. {seconds: 30}.",
            "1:85 @refresh(every:) durations cannot be negative.",
            "2:19 @refresh(every:) needs a positive duration, e.g. {seconds: 30}.",
            "2:27 @refresh(every:) durations cannot be negative.",
        ])
    }

    func testRefreshWithoutArgumentsIsAnErrorAtTheDirective() {
        assertLocated("query A @auth(level: PUBLIC)\n  @refresh { movies { id } }", rule,
                      ["2:3 @refresh needs \"every\" or \"onMutationExecuted\"."])
    }

    /// Data Connect matches mutations per service: one of another connector is only a warning.
    func testMutationOfAnotherConnectorIsAWarningAtTheName() {
        XCTAssertEqual(located(["""
        query A @refresh(onMutationExecuted: [
          {operation: "AddMovie"},
          {operation: "AdminImport", condition: "true"}
        ]) { movies { id } }
        """, addMovie]), ["3:15 warning: " + otherConnector("AdminImport")])
    }

    func testMisspelledMutationSuggestsTheClosestName() {
        XCTAssertEqual(located(["query A @refresh(onMutationExecuted: {operation: \"AddMovi\"}) { movies { id } }", addMovie]),
                       ["1:50 warning: " + otherConnector("AddMovi", "AddMovie")])
    }

    /// A query of the connector is not a mutation, however close the name.
    func testQueryNameIsNotAMutation() {
        XCTAssertEqual(located(["query ListMovies @refresh(onMutationExecuted: {operation: \"ListMovies\"}) { movies { id } }"]),
                       ["1:59 warning: " + otherConnector("ListMovies")])
    }

    /// Firebase's own test project refers to a mutation with other case, so it is a warning only.
    func testMutationNameDifferingInCaseIsAWarning() {
        XCTAssertEqual(located(["query A @refresh(onMutationExecuted: [{operation: \"addmovie\"}]) { movies { id } }", addMovie]),
                       ["1:51 warning: @refresh(onMutationExecuted:) names \"addmovie\", but the mutation is spelled \"AddMovie\"."])
    }

    /// On a mutation, KnownDirectives reports the placement and this rule says nothing more.
    func testRefreshOnAMutationIsLeftToKnownDirectives() {
        assertValid("mutation A @refresh(every: {seconds: 1}) @refresh { movie_insert(data: {title: \"x\"}) }", rule)
        XCTAssertEqual(Fixture.diagnostics(["mutation A @refresh(every: {seconds: 1}) { movie_insert(data: {title: \"x\"}) }"]).map(\.message),
                       ["Directive \"@refresh\" may not be used on MUTATION."])
    }

    /// The original cases, kept from the grouped tests.
    func testRefresh() {
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
            otherConnector("Ad", "Add"),
            "@refresh(onMutationExecuted:) names \"add\", but the mutation is spelled \"Add\".",
            "@refresh needs \"every\" or \"onMutationExecuted\".",
        ])
    }

    func testRefreshOnMutationOfAnotherConnectorIsAWarning() {
        let diagnostics = diagnostics(["query A @refresh(onMutationExecuted: {operation: \"AdminImport\"}) { movies { id } }"])
        XCTAssertEqual(diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(diagnostics.map(\.description), ["connector/file0.gql:1:50: warning: " + otherConnector("AdminImport")])
    }
}
