import Diagnostics
import XCTest
@testable import Validation

/// Data Connect runs a mutation's top-level fields in order; a failing `@check` aborts the later
/// ones but rolls back the earlier writes only under `@transaction`. A check that follows a write
/// in a mutation without `@transaction` is a warning.
final class CheckPlacementRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { CheckPlacementRule() }
    private let message = "@check in a mutation without @transaction cannot undo writes that already ran; add @transaction to the mutation."

    func testCheckUnderTransactionIsValid() {
        assertValid("""
        mutation A($id: UUID!) @auth(level: USER) @transaction {
          movie_update(id: $id, data: {title_expr: "auth.uid"})
          query { movie(id: $id) @check(expr: "this != null", message: "not found") @redact { id } }
          review_insert(data: {movieId: $id, text: "ok"}) @check(expr: "this != null")
        }
        """, rule)
    }

    /// Data Connect's authorization pattern: look the data up and check it before the writes run;
    /// a failure aborts the writes, so nothing needs undoing.
    func testCheckBeforeEveryWriteIsValid() {
        assertValid("""
        mutation A($id: UUID!) @auth(level: USER) {
          query {
            movie(id: $id) @redact {
              reviews_on_movie(where: {text: {eq_expr: "auth.uid"}}) @check(expr: "this != []", message: "not yours") { id }
            }
          }
          movie_delete(id: $id)
        }
        """, rule)
    }

    func testChecksInQueriesAreValid() {
        assertValid("""
        query A($id: UUID!) @auth(level: USER) {
          movie(id: $id) @check(expr: "this.title != ''") { id reviews_on_movie @check { text } }
        }
        """, rule)
    }

    func testMutationThatOnlyReadsIsValid() {
        assertValid("mutation A { query { movies @check(expr: \"this.size() > 0\") { id } } }", rule)
    }

    func testCheckAfterAWriteIsAWarningAtTheCheck() {
        let text = """
        mutation A($id: UUID!) @auth(level: USER) {
          movie_insert(data: {title: "x"})
          query { movie(id: $id) @redact @check(expr: "this != null") { id } }
        }
        """
        assertLocated(text, rule, ["3:34 " + message])
        XCTAssertEqual(Fixture.diagnostics([text], rules: [rule]).map(\.severity), [.warning])
    }

    /// The write has run by the time its own check fails.
    func testCheckOnTheWriteItselfIsAWarning() {
        assertLocated("""
        mutation A {
          movie_insert(data: {title: "x"}) @check(expr: "this != null", message: "insert failed")
        }
        """, rule, ["2:36 " + message])
    }

    func testOnlyTheFirstCheckAfterAWriteIsReported() {
        assertLocated("""
        mutation A($id: UUID!) {
          query { movie(id: $id) @check { id } }
          movie_update(id: $id, data: {releaseYear_update: [{inc: 1}]})
          query {
            movie(id: $id) {
              reviews_on_movie @check(expr: "this.size() < 10") { id }
            }
            movies @check { id }
          }
        }
        """, rule, ["6:24 " + message])
    }

    func testChecksOnInlineFragmentsAndSpreadsCount() {
        assertLocated("""
        mutation A {
          actor_insert(data: {name: "x"})
          query { ... on Query @check(expr: "this != null") { movies { id } } }
        }
        """, rule, ["3:24 " + message])
        assertLocated("""
        mutation B {
          actor_insert(data: {name: "x"})
          query { movies { ...F @check } }
        }
        fragment F on Movie { id }
        """, rule, ["3:25 " + message])
    }

    /// A check in a fragment counts where the fragment is spread, and is reported where it is written.
    func testCheckInAFragmentSpreadAfterAWriteIsReportedInTheFragment() {
        let diagnostics = Fixture.diagnostics([
            """
            mutation A($id: UUID!) {
              movie_update(id: $id, data: {title: "x"})
              query { movie(id: $id) { ...Outer } }
            }
            """,
            """
            fragment Outer on Movie { id ...Inner }
            fragment Inner on Movie {
              reviews_on_movie @check(expr: "this.size() < 10") { id }
            }
            """,
        ], rules: [rule])
        XCTAssertEqual(diagnostics.map(\.description), ["connector/file1.gql:3:20: warning: " + message])
    }

    func testCheckInAFragmentBeforeEveryWriteOrUnderTransactionIsValid() {
        assertValid("""
        fragment Owned on Movie @check(expr: "this.title == auth.uid") { id }
        mutation A($id: UUID!) { query { movie(id: $id) { ...Owned } } movie_delete(id: $id) }
        mutation B($id: UUID!) @transaction { movie_delete(id: $id) query { movie(id: $id) { ...Owned } } }
        """, rule)
    }

    /// A check on the operation itself is not a field check and is left alone.
    func testCheckOnTheOperationIsNotCounted() {
        assertValid("mutation A @check(expr: \"true\") { movie_insert(data: {title: \"x\"}) }", rule)
    }

    /// Each operation is judged on its own directives.
    func testTransactionOfAnotherOperationDoesNotCount() {
        assertLocated("""
        mutation A @transaction { movie_insert(data: {title: "x"}) query { movies @check { id } } }
        mutation B { movie_insert(data: {title: "x"}) query { movies @check { id } } }
        """, rule, ["2:62 " + message])
    }

    /// With every rule: `@transaction` belongs on mutations, and a checked, redacted lookup before
    /// the write is clean.
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

    /// `@redact` does not go on fragment definitions (which `@check` may); the unused fragment is reported too.
    func testRedactIsNotAllowedOnFragmentDefinitions() {
        XCTAssertEqual(Fixture.diagnostics(["query A { movies @redact @check(expr: \"true\") { id } }", "fragment F on Movie @redact { id }"]).map(\.message),
                       ["Fragment \"F\" is never used.", "Directive \"@redact\" may not be used on FRAGMENT_DEFINITION."])
    }
}
