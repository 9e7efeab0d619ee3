import Diagnostics
import XCTest
@testable import Validation

/// Data Connect's `@fdc_forbiddenInVariables`: server-value fields (`_expr`, `_time`, `_update`, ...)
/// and `_Data` reference keys may be written inline but not inside a variable's value, and a
/// variable's default is such a value.
final class ForbiddenInVariablesRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { ForbiddenInVariablesRule() }

    private func message(_ field: String) -> String {
        "Field \"\(field)\" cannot be part of a variable's value; write it inline in the operation."
    }

    func testServerValueFieldsWrittenInlineAreValid() {
        assertValid("""
        mutation A($title: String = "x") @auth(level: USER) @transaction {
          movie_insert(data: {title: $title, id_expr: "uuidV4()", createdAt_time: {now: true}, releaseYear_update: [{inc: 1}]})
          review_insert(data: {movie: {id_expr: "auth.uid"}, text_expr: "auth.token.name"})
          query { movie(key: {id_expr: "auth.uid"}) { id } }
        }
        """, rule)
    }

    func testDefaultsWithClientValuesOnlyAreValid() {
        assertValid("""
        query A($k: Movie_Key = {id: "0123456789abcdef0123456789abcdef"},
                $f: Movie_Filter = {_or: [{title: {eq: "a"}}, {tags: {includes: "b"}}], genre: {in: [ACTION, DRAMA]}}) {
          movie(key: $k) { id }
          movies(where: $f) { id }
        }
        """, rule)
        assertValid("mutation B($r: Review_Data = {movieId: \"0123456789abcdef0123456789abcdef\", text: \"ok\"} @allow(fields: \"movieId text\")) { review_insert(data: $r) }",
                    rule)
    }

    func testKeyExpressionInADefaultIsReportedAtTheFieldName() {
        assertLocated("query A($k: Movie_Key = {id_expr: \"auth.uid\"}) { movie(key: $k) { id } }", rule,
                      ["1:26 " + message("Movie_Key.id_expr")])
        XCTAssertEqual(Fixture.diagnostics(["query A($k: Movie_Key = {id_expr: \"auth.uid\"}) { movie(key: $k) { id } }"], rules: [rule]).map(\.severity),
                       [.error])
    }

    /// Data Connect's prelude marks no filter field, so a filter's value may compare with a server value.
    func testServerValuesInFilterDefaultsAreValid() {
        assertValid("""
        query A($f: Movie_Filter = {title: {eq_expr: "auth.uid"}, _or: [{createdAt: {ge_time: {now: true, sub: {days: 7}}}}]}) {
          movies(where: $f) { id }
        }
        """, rule)
    }

    func testExpressionInNestedDataOfADefaultNamesTheInnerInputType() {
        assertLocated("""
        mutation A($d: Movie_Data! = {
          title: "a",
          reviews_on_movie: [{text: "ok"}, {text_expr: "auth.uid"}]
        } @allow(fields: "title reviews_on_movie { text }")) {
          movie_insert(data: $d)
        }
        """, rule, ["3:37 " + message("Review_Data.text_expr")])
    }

    func testEachForbiddenFieldOfAListOfDataIsReported() {
        assertLocated("""
        mutation A($movies: [Movie_Data!]! = [
          {title: "a", releaseYear_update: [{inc: 1}]},
          {title_expr: "auth.uid", createdAt_time: {now: true}}
        ] @allow(fields: "title")) {
          movie_insertMany(data: $movies)
        }
        """, rule, [
            "2:16 " + message("Movie_Data.releaseYear_update"),
            "3:4 " + message("Movie_Data.title_expr"),
            "3:28 " + message("Movie_Data.createdAt_time"),
        ])
    }

    /// A reference key of a `_Data` input may only be written inline; its `movieId` column may be a value.
    func testReferenceKeyOfDataInADefaultIsReported() {
        assertLocated("""
        mutation A($r: Review_Data = {movie: {id: "0123456789abcdef0123456789abcdef"}, text: "ok"} @allow(fields: "movie text")) {
          review_insert(data: $r)
        }
        """, rule, ["1:31 " + message("Review_Data.movie")])
    }

    /// Inline objects around a variable are written in the operation, so they may hold server values.
    func testVariableInsideAnInlineObjectIsValid() {
        assertValid("""
        mutation A($title: String!, $year: Int = 2000) {
          movie_insert(data: {title: $title, releaseYear: $year, id_expr: "uuidV4()", createdAt_expr: "request.time"})
        }
        """, rule)
    }

    func testDefaultsOfSeveralOperationsAreChecked() {
        assertLocated("""
        query A($k: Movie_Key = {id: "0123456789abcdef0123456789abcdef"}) { movie(key: $k) { id } }
        query B($k: Movie_Key = {id_expr: "auth.uid"}) { movie(key: $k) { id } }
        """, rule, ["2:26 " + message("Movie_Key.id_expr")])
    }
}
