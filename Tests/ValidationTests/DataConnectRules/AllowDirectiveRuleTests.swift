import Diagnostics
import XCTest
@testable import Validation

/// Data Connect's `@allow`: a variable of a `_Data` input type lists the fields clients may set.
/// The newest Data Connect requires it, older emulators do not know it, so a missing `@allow` is a
/// warning; an empty field list is an error.
final class AllowDirectiveRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { AllowDirectiveRule() }
    private let empty = "@allow(fields:) must name at least one field."

    private func missing(_ variable: String, _ type: String) -> String {
        "Variable \"$\(variable)\" of type \"\(type)\" should list the fields clients may set with @allow(fields: \"...\")."
    }

    func testDataVariableWithAllowIsValid() {
        assertValid("mutation A($d: Movie_Data! @allow(fields: \"title\")) { movie_insert(data: $d) }", rule)
    }

    /// Data Connect's own example: a batch insert limited to three fields and ten movies.
    func testListOfDataWithFieldsAndMaxCountIsValid() {
        assertValid("""
        mutation BatchInsertMovies(
          $data: [Movie_Data!]! @allow(fields: "title genre releaseYear", maxCount: 10)
        ) @auth(level: PUBLIC) {
          movie_insertMany(data: $data)
        }
        """, rule)
    }

    func testVariablesOfOtherInputTypesNeedNoAllow() {
        assertValid("""
        mutation A($key: Movie_Key!, $title: String = "x", $tags: [String!] = [], $where: Movie_Filter) @auth(expr: "auth.uid != null") {
          movie_update(key: $key, data: {title: $title, tags: $tags, id_expr: "auth.uid"})
          query { movies(where: $where) { id } }
        }
        """, rule)
    }

    func testDataWrittenInlineNeedsNoAllow() {
        assertValid("""
        mutation A @auth(level: USER) @transaction {
          movie_insert(data: {title_expr: "auth.uid", createdAt_time: {now: true}})
          review_insert(data: {movie: {id_expr: "auth.uid"}, text: "ok"})
        }
        """, rule)
    }

    func testMissingAllowIsAWarningAtTheVariableWithANote() {
        let text = "mutation A($d: Movie_Data!) { movie_insert(data: $d) }"
        assertLocated(text, rule, ["1:12 " + missing("d", "Movie_Data!")])
        let diagnostics = Fixture.diagnostics([text], rules: [rule])
        XCTAssertEqual(diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(diagnostics.flatMap(\.notes).map(\.message),
                       ["Data Connect requires @allow on \"_Data\" variables since mid-2026; older emulators accept it without."])
    }

    func testMissingAllowOnListsAndDefaultsNamesTheWholeType() {
        assertLocated("""
        mutation A(
          $movies: [Movie_Data!]!,
          $review: Review_Data = {text: "ok"},
          $actor: Actor_Data! @retired
        ) {
          movie_insertMany(data: $movies)
          review_insert(data: $review)
          actor_insert(data: $actor)
        }
        """, rule, [
            "2:3 " + missing("movies", "[Movie_Data!]!"),
            "3:3 " + missing("review", "Review_Data"),
            "4:3 " + missing("actor", "Actor_Data!"),
        ])
    }

    func testEmptyFieldListIsAnErrorAtTheString() {
        let text = """
        mutation A($d: Movie_Data! @allow(fields: ""), $e: [Movie_Data!]! @allow(fields: "  \\n ", maxCount: 5)) {
          a: movie_insert(data: $d)
          b: movie_insertMany(data: $e)
        }
        """
        assertLocated(text, rule, ["1:43 " + empty, "1:82 " + empty])
        XCTAssertEqual(Fixture.diagnostics([text], rules: [rule]).map(\.severity), [.error, .error])
    }

    /// The original case: one variable without `@allow`, one with an empty list.
    func testMissingAndEmptyAllowInOneOperation() {
        let diagnostics = Fixture.diagnostics(["mutation A($d: Movie_Data!, $e: Movie_Data! @allow(fields: \" \")) { a: movie_insert(data: $d) b: movie_insert(data: $e) }"],
                                              rules: [rule])
        XCTAssertEqual(diagnostics.map(\.message), [missing("d", "Movie_Data!"), empty])
        XCTAssertEqual(diagnostics.map(\.severity), [.warning, .error])
    }

    /// Only input objects count: an unknown `_Data` name is KnownTypeNames' to report.
    func testUnknownDataTypeIsLeftToOtherRules() {
        assertValid("mutation A($d: Film_Data!) { movie_insert(data: {title: \"x\"}) }", rule)
    }
}
