import Diagnostics
import XCTest
@testable import Validation

/// Data Connect calls operations by name and builds the SDK from the names, so every operation needs one.
final class NamedOperationsRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { NamedOperationsRule() }

    func testNamedQueryAndMutationAreValid() {
        assertValid("""
        query ListMovies($limit: Int = 10) @auth(level: PUBLIC) { movies(limit: $limit) { id } }
        mutation AddMovie($title: String!) @auth(expr: "auth.uid != null") @transaction {
          movie_insert(data: {title: $title, id_expr: "uuidV4()"})
        }
        """, rule)
    }

    func testFragmentsAreNotOperations() {
        assertValid("""
        query ListMovies { movies { ...MovieParts } }
        fragment MovieParts on Movie { id title reviews_on_movie { text } }
        """, rule)
    }

    func testShorthandQueryIsReportedAtItsBrace() {
        assertLocated("{ movies { id } }", rule,
                      ["1:1 Data Connect operations must be named, e.g. \"query ListMovies { ... }\"."])
    }

    func testAnonymousQueryWithVariablesAndDirectivesIsReportedAtItsKeyword() {
        assertLocated("""
        # Lists movies.
          query ($ids: [UUID!] = [], $n: Int = 5) @auth(level: USER) {
            movies(where: {id: {in: $ids}}, limit: $n) { id }
          }
        """, rule, ["2:3 Data Connect operations must be named, e.g. \"query ListMovies { ... }\"."])
    }

    func testAnonymousMutationExampleUsesTheMutationKeyword() {
        assertLocated("mutation @auth(level: USER) { movie_insert(data: {title_expr: \"auth.uid\"}) }", rule,
                      ["1:1 Data Connect operations must be named, e.g. \"mutation ListMovies { ... }\"."])
    }

    func testAnonymousSubscriptionExampleUsesTheSubscriptionKeyword() {
        assertLocated("subscription { movies { id } }", rule,
                      ["1:1 Data Connect operations must be named, e.g. \"subscription ListMovies { ... }\"."])
    }

    func testEachAnonymousOperationIsReported() {
        assertLocated("""
        query A { movies { id } }
        query { actors { id } }
        mutation B { movie_delete(id: "0123456789abcdef0123456789abcdef") }
        mutation { actor_insert(data: {name: "x"}) }
        """, rule, [
            "2:1 Data Connect operations must be named, e.g. \"query ListMovies { ... }\".",
            "4:1 Data Connect operations must be named, e.g. \"mutation ListMovies { ... }\".",
        ])
    }

    func testAnonymousOperationIsAnError() {
        let diagnostics = Fixture.diagnostics(["query { movies { id } }"], rules: [rule])
        XCTAssertEqual(diagnostics.map(\.severity), [.error])
    }

    func testAnonymousOperationSpreadingAFragmentIsReportedOnce() {
        assertLocated("""
        query { movies { ...F } }
        fragment F on Movie @check(expr: "this != null") { id }
        """, rule, ["1:1 Data Connect operations must be named, e.g. \"query ListMovies { ... }\"."])
    }
}
