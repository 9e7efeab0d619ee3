import Diagnostics
import XCTest
@testable import Validation

/// ValuesOfCorrectType, UniqueInputFieldNames and Data Connect's one-of groups.
final class ValueRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { ValuesOfCorrectTypeRule() }

    func testValidLiterals() {
        assertValid("""
        mutation A {
          movie_insert(data: {
            title: "x", releaseYear: 1999, genre: ACTION, rating: 4, tags: ["a", "b"], createdAt: "2024-05-01T12:00:00.123+02:00",
            releaseDate: "2024-05-01T23:00:00Z", budget: "9007199254740993", meta: {any: [1, "thing"]}, id: "0123456789abcdef0123456789abcdef"
          })
          query {
            movies(where: {tags: {includes: "a"}, genre: {in: [ACTION]}, title: {eq_expr: "auth.uid"}}, orderBy: {title: ASC}) { id }
          }
        }
        """, rule)
    }

    func testBuiltInScalarsUseGraphQLJSWording() {
        assertMessages("mutation A { movie_insert(data: {title: 3, releaseYear: \"x\", rating: true}) }", rule, [
            "String cannot represent a non string value: 3",
            "Int cannot represent non-integer value: \"x\"",
            "Float cannot represent non numeric value: true",
        ])
        assertMessages("query A { movies(limit: 3000000000) { id } }", rule,
                       ["Int cannot represent non 32-bit signed integer value: 3000000000"])
    }

    func testDataConnectScalars() {
        assertMessages("""
        mutation A { movie_insert(data: {id: "nope", createdAt: "yesterday", releaseDate: "2024-13-01", budget: 1.5, title: {expr: "auth.uid"}}) }
        """, rule, [
            "Expected value of type \"UUID\", found \"nope\"; a UUID has 32 hexadecimal digits, optionally with dashes",
            "Expected value of type \"Timestamp\", found \"yesterday\"; a Timestamp is an RFC 3339 string such as \"2024-05-01T12:00:00Z\"",
            "Expected value of type \"Date\", found \"2024-13-01\"; a Date is a string in the form \"YYYY-MM-DD\"",
            "Expected value of type \"Int64\", found 1.5; Int64 is a signed 64-bit integer, written as a number or a string of digits",
            "String cannot represent a non string value: {expr: \"auth.uid\"}",
        ])
        assertMessages("query A { movies(where: {title: {eq_expr: 3}}) { id } }", rule,
                       ["Expected value of type \"String_Expr\", found 3; String_Expr holds an expression written as a string"])
    }

    func testEnums() {
        assertMessages("query A { movies(where: {genre: {eq: ACTON}}, orderBy: {title: \"ASC\"}) { id } }", rule, [
            "Value \"ACTON\" does not exist in \"Genre\" enum. Did you mean the enum value \"ACTION\"?",
            "Enum \"OrderDirection\" cannot represent non-enum value: \"ASC\". Did you mean the enum value \"ASC\"?",
        ])
    }

    func testInputObjectsAndLists() {
        assertMessages("mutation A { movie_insert(data: {titel: \"x\"}) movie_update(data: null) m: movie_insert(data: [1]) }", rule, [
            "Field \"titel\" is not defined by type \"Movie_Data\". Did you mean \"title\"?",
            "Expected value of type \"Movie_Data!\", found null.",
            "Expected value of type \"Movie_Data!\", found [1].",
        ])
        assertMessages("query A { movies(where: {tags: {includesAll: [\"a\", 2]}}) { id } }", rule,
                       ["String cannot represent a non string value: 2"])
    }

    func testRequiredInputFields() {
        assertValid("query A { movies(where: {createdAt: {ge_time: {now: true}}}) { id } }", rule)
        assertMessages("query A @refresh(onMutationExecuted: {condition: \"true\"}) { movies { id } }", rule,
                       ["Field \"OnMutationExecuted_Event.operation\" of required type \"String!\" was not provided."])
        assertMessages("mutation A { movie_update(id: \"0123456789abcdef0123456789abcdef\", data: {createdAt_time: {now: true, add: {days: null}}}) }",
                       rule, ["Expected value of type \"Int!\", found null."])
    }

    func testUniqueInputFieldNames() {
        assertValid("mutation A { movie_insert(data: {title: \"x\", releaseYear: 1}) }", { UniqueInputFieldNamesRule() })
        assertMessages("mutation A { movie_insert(data: {title: \"x\", title: \"y\"}) }", { UniqueInputFieldNamesRule() },
                       ["There can be only one input field named \"title\"."])
    }
}
