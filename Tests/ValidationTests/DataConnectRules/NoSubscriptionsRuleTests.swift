import Diagnostics
import XCTest
@testable import Validation

/// Data Connect serves queries and mutations only; realtime comes from subscribing to a query.
final class NoSubscriptionsRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { NoSubscriptionsRule() }
    private let message = "Data Connect does not support subscriptions."

    func testQueriesAndMutationsAreValid() {
        assertValid("""
        query ListMovies @auth(level: PUBLIC) { movies { id } }
        mutation AddMovie @auth(level: USER) { movie_insert(data: {title: "x"}) }
        """, rule)
    }

    func testRealtimeQueryWithRefreshIsValid() {
        assertValid("""
        query WatchMovies @auth(level: PUBLIC) @refresh(every: {seconds: 30}) { movies { id } }
        """, rule)
    }

    func testNamedSubscriptionIsReportedAtItsKeyword() {
        assertLocated("subscription OnMovies { movies { id } }", rule, ["1:1 " + message])
    }

    func testAnonymousSubscriptionIsReported() {
        assertLocated("subscription { movies { id } }", rule, ["1:1 " + message])
    }

    func testSubscriptionWithVariablesAndDirectivesIsReportedOnce() {
        assertLocated("""
        query A { movies { id } }

            subscription B($ids: [UUID!]! = [], $n: Int = 3) @auth(level: USER) {
              movies(where: {id: {in: $ids}}, limit: $n) { id reviews_on_movie { text } }
            }
        """, rule, ["3:5 " + message])
    }

    func testEachSubscriptionIsReported() {
        assertLocated("""
        subscription A { movies { id } }
        subscription B { actors { id } }
        """, rule, ["1:1 " + message, "2:1 " + message])
    }

    func testSubscriptionSpreadingAFragmentIsReportedOnce() {
        assertLocated("""
        fragment F on Movie { id title }
        subscription A { movies { ...F } }
        """, rule, ["2:1 " + message])
    }

    /// The error points at the realtime alternative.
    func testSubscriptionIsAnErrorWithANoteOnRefresh() {
        let diagnostics = Fixture.diagnostics(["subscription A { movies { id } }"], rules: [rule])
        XCTAssertEqual(diagnostics.map(\.severity), [.error])
        XCTAssertEqual(diagnostics.first?.notes.map(\.message),
                       ["Write a query and subscribe to it from the client; @refresh controls when it updates."])
    }
}
