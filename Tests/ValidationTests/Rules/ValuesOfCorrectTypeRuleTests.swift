import Diagnostics
import XCTest
@testable import Validation

/// Spec 5.6.1: every literal fits the input type expected where it is written.
final class ValuesOfCorrectTypeRuleTests: RuleTestCase {
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

    func testEdgesOfTheBuiltInScalarsAreValid() {
        assertValid("""
        query A {
          a: movies(limit: 2147483647, offset: -2147483648, distinct: false) { id }
          b: movies(where: {rating: {gt: 1e3, lt: -0.5}, title: {isNull: null}}, limit: null) { id }
        }
        """, rule)
    }

    func testBuiltInScalarsUseGraphQLJSWording() {
        assertLocated("""
        mutation A {
          movie_insert(data: {title: 3, releaseYear: "x", rating: true, genre: null})
        }
        """, rule, [
            "2:30 String cannot represent a non string value: 3",
            "2:46 Int cannot represent non-integer value: \"x\"",
            "2:59 Float cannot represent non numeric value: true",
        ])
    }

    func testIntMustBeAWhole32BitNumber() {
        assertLocated("""
        query A {
          a: movies(limit: 2147483648) { id }
          b: movies(offset: -2147483649) { id }
          c: movies(limit: 1.5) { id }
        }
        """, rule, [
            "2:20 Int cannot represent non 32-bit signed integer value: 2147483648",
            "3:21 Int cannot represent non 32-bit signed integer value: -2147483649",
            "4:20 Int cannot represent non-integer value: 1.5",
        ])
    }

    func testBooleanAndFloatPositions() {
        assertLocated("""
        query A {
          movies(distinct: "yes", where: {rating: {eq: "4.5"}, title: {isNull: 0}}) @include(if: ACTION) { id }
        }
        """, rule, [
            "2:20 Boolean cannot represent a non boolean value: \"yes\"",
            "2:48 Float cannot represent non numeric value: \"4.5\"",
            "2:72 Boolean cannot represent a non boolean value: 0",
            "2:90 Boolean cannot represent a non boolean value: ACTION",
        ])
    }

    func testDataConnectScalarsCheckTheirWireFormats() {
        assertLocated("""
        mutation A {
          movie_insert(data: {
            id: "nope"
            createdAt: "yesterday"
            releaseDate: "2024-13-01"
            budget: 1.5
            title: {expr: "auth.uid"}
          })
        }
        """, rule, [
            "3:9 Expected value of type \"UUID\", found \"nope\"; a UUID has 32 hexadecimal digits, optionally with dashes",
            "4:16 Expected value of type \"Timestamp\", found \"yesterday\"; a Timestamp is an RFC 3339 string such as \"2024-05-01T12:00:00Z\"",
            "5:18 Expected value of type \"Date\", found \"2024-13-01\"; a Date is a string in the form \"YYYY-MM-DD\"",
            "6:13 Expected value of type \"Int64\", found 1.5; Int64 is a signed 64-bit integer, written as a number or a string of digits",
            "7:12 String cannot represent a non string value: {expr: \"auth.uid\"}",
        ])
    }

    func testDataConnectScalarsGivenTheWrongKindOfLiteral() {
        assertLocated("""
        query A {
          movies(where: {
            id: {eq: 42}
            createdAt: {eq: 1714564800}
            releaseDate: {eq: 20240501}
            budget: {eq: 9223372036854775808, ne: "12a"}
          }) { id }
        }
        """, rule, [
            "3:14 Expected value of type \"UUID\", found 42; a UUID is a string such as \"123e4567-e89b-12d3-a456-426614174000\"",
            "4:21 Expected value of type \"Timestamp\", found 1714564800; a Timestamp is an RFC 3339 string such as \"2024-05-01T12:00:00Z\"",
            "5:23 Expected value of type \"Date\", found 20240501; a Date is a string in the form \"YYYY-MM-DD\"",
            "6:18 Expected value of type \"Int64\", found 9223372036854775808; Int64 is a signed 64-bit integer",
            "6:43 Expected value of type \"Int64\", found \"12a\"; Int64 is a signed 64-bit integer, written as a number or a string of digits",
        ])
    }

    func testMessagesNameTheFullTypeOfThePosition() {
        // graphql-js names the location's type, wrappers included, for a custom scalar's error.
        assertLocated("""
        query A {
          a: movies(where: {id: {in: ["0123456789abcdef0123456789abcdef", "nope"]}}) { id }
          b: movies(where: {id: {nin: "nope"}}) { id }
        }
        """, rule, [
            "2:67 Expected value of type \"UUID!\", found \"nope\"; a UUID has 32 hexadecimal digits, optionally with dashes",
            "3:31 Expected value of type \"[UUID!]\", found \"nope\"; a UUID has 32 hexadecimal digits, optionally with dashes",
        ])
    }

    func testExpressionFieldsAndDirectiveExpressionsTakeStrings() {
        assertValid("""
        mutation A @auth(expr: "auth.uid != null") @check(expr: "true", message: "no") {
          movie_insert(data: {title_expr: "auth.uid", createdAt_expr: "request.time", id_expr: "uuidV4()"})
        }
        """, rule)
        assertLocated("""
        mutation A @auth(expr: true) {
          movie_insert(data: {title_expr: 3}) @check(expr: {a: 1})
        }
        """, rule, [
            "1:24 Expected value of type \"Boolean_Expr\", found true; Boolean_Expr holds an expression written as a string",
            "2:35 Expected value of type \"String_Expr\", found 3; String_Expr holds an expression written as a string",
            "2:52 Expected value of type \"Boolean_Expr!\", found {a: 1}; Boolean_Expr holds an expression written as a string",
        ])
    }

    func testServerValuesOfTheRelativeForms() {
        assertValid("mutation A { movie_insert(data: {createdAt_time: {now: true, add: {days: 1}}, releaseDate_date: {today: true}}) }", rule)
        assertLocated("""
        mutation A {
          movie_insert(data: {createdAt_time: {now: false}, releaseDate_date: {on: "soon"}})
        }
        """, rule, [
            "2:45 Expected value of type \"True\", found false; the only value of True is true",
            "2:76 Expected value of type \"Date\", found \"soon\"; a Date is a string in the form \"YYYY-MM-DD\"",
        ])
    }

    func testEnumValues() {
        assertLocated("""
        query A @auth(level: USERR) {
          movies(where: {genre: {eq: ACTON, ne: HORROR, in: [DRAMA, 1]}}, orderBy: {title: "ASC"}) { id }
        }
        """, rule, [
            "1:22 Value \"USERR\" does not exist in \"AccessLevel\" enum. Did you mean the enum value \"USER\"?",
            "2:30 Value \"ACTON\" does not exist in \"Genre\" enum. Did you mean the enum value \"ACTION\"?",
            "2:41 Value \"HORROR\" does not exist in \"Genre\" enum.",
            "2:61 Enum \"Genre\" cannot represent non-enum value: 1.",
            "2:84 Enum \"OrderDirection\" cannot represent non-enum value: \"ASC\". Did you mean the enum value \"ASC\"?",
        ])
    }

    func testEnumValueWhereAStringIsExpected() {
        assertLocated("mutation A { movie_insert(data: {title: ACTION}) }", rule, [
            "1:41 String cannot represent a non string value: ACTION",
        ])
    }

    func testUnknownInputFields() {
        assertLocated("""
        mutation A {
          movie_insert(data: {titel: "x", nothingLikeIt: 1})
        }
        """, rule, [
            "2:23 Field \"titel\" is not defined by type \"Movie_Data\". Did you mean \"title\"?",
            "2:35 Field \"nothingLikeIt\" is not defined by type \"Movie_Data\".",
        ])
    }

    func testWrongShapesForInputObjects() {
        assertLocated("""
        mutation A {
          a: movie_update(data: null)
          b: movie_insert(data: [1])
          c: movie_insert(data: "x")
        }
        """, rule, [
            "2:25 Expected value of type \"Movie_Data!\", found null.",
            "3:25 Expected value of type \"Movie_Data!\", found [1].",
            "4:25 Expected value of type \"Movie_Data!\", found \"x\".",
        ])
    }

    func testNullInNonNullPositions() {
        assertLocated("""
        query A {
          movies(where: {id: {in: [null]}}) @include(if: null) { id }
        }
        """, rule, [
            "2:28 Expected value of type \"UUID!\", found null.",
            "2:50 Expected value of type \"Boolean!\", found null.",
        ])
    }

    func testRequiredInputFieldsAreReportedAtTheObject() {
        assertLocated("""
        query A @refresh(onMutationExecuted: [{operation: "M"}, {condition: "true"}]) {
          movies { id }
        }
        query B @refresh(onMutationExecuted: {}) { movies { id } }
        """, rule, [
            "1:57 Field \"OnMutationExecuted_Event.operation\" of required type \"String!\" was not provided.",
            "4:38 Field \"OnMutationExecuted_Event.operation\" of required type \"String!\" was not provided.",
        ])
    }

    func testNonNullInputFieldsWithDefaultsAreOptionalButNotNullable() {
        // Every `Timestamp_Duration` field is `Int! = 0`.
        assertValid("query A @refresh(every: {minutes: 5}) { movies(where: {createdAt: {ge_time: {now: true, sub: {}}}}) { id } }", rule)
        assertLocated("""
        mutation A {
          movie_update(data: {createdAt_time: {now: true, add: {days: null, hours: "1"}}})
        }
        """, rule, [
            "2:63 Expected value of type \"Int!\", found null.",
            "2:76 Int cannot represent non-integer value: \"1\"",
        ])
    }

    func testSingleValuesAreCoercedToListsAndNestedListsAreNot() {
        assertValid("query A { movies(where: {genre: {in: ACTION}, tags: {includesAll: \"a\"}}, orderBy: {title: ASC}) { id } }", rule)
        assertLocated("""
        mutation A {
          movie_insert(data: {tags: [["a"], "b", 3]})
        }
        """, rule, [
            "2:30 String cannot represent a non string value: [\"a\"]",
            "2:42 String cannot represent a non string value: 3",
        ])
    }

    func testAnyAcceptsEveryLiteral() {
        assertValid("""
        mutation A {
          a: movie_insert(data: {meta: {a: [1, {b: null}], c: ACTION, titel: "not a field"}})
          b: movie_insert(data: {meta: "x"})
          c: movie_insert(data: {meta: [1.5, true]})
        }
        """, rule)
    }

    func testVariableDefaultsAreChecked() {
        assertLocated("""
        query A(
          $n: Int = "x"
          $g: Genre = ACTOIN
          $f: Movie_Filter = {titel: {eq: "x"}}
          $m: Int! = null
          $ids: [UUID!] = ["nope"]
        ) { movies { id } }
        """, rule, [
            "2:13 Int cannot represent non-integer value: \"x\"",
            "3:15 Value \"ACTOIN\" does not exist in \"Genre\" enum. Did you mean the enum value \"ACTION\"?",
            "4:23 Field \"titel\" is not defined by type \"Movie_Filter\". Did you mean \"title\"?",
            "5:14 Expected value of type \"Int!\", found null.",
            "6:20 Expected value of type \"UUID!\", found \"nope\"; a UUID has 32 hexadecimal digits, optionally with dashes",
        ])
    }

    func testIDOnlyAppearsAsAVariableType() {
        // No input position of a Data Connect schema has type ID; a variable's default still does.
        assertValid("query A($a: ID = \"x\", $b: ID = 7, $c: [ID!] = [\"x\", 7]) { movies { id } }", rule)
        assertLocated("query A($a: ID = true, $b: ID = 1.5) { movies { id } }", rule, [
            "1:18 ID cannot represent a non-string and non-integer value: true",
            "1:33 ID cannot represent a non-string and non-integer value: 1.5",
        ])
    }

    func testVariablesAreNotLiterals() {
        assertValid("""
        query A($n: String, $t: Int, $g: [String]) {
          movies(limit: $n, where: {title: {eq: $t}, genre: {in: $g}, id: {in: [$n]}}) { id }
        }
        """, rule)
    }

    func testFragmentsAndNestedSelectionsAreChecked() {
        assertLocated("""
        query A { movies { ...F } }
        fragment F on Movie {
          reviews_on_movie(limit: "10") { id }
          ... on Movie { actors_via_MovieActor(where: {role: {eq: 1}}) { id } }
        }
        """, rule, [
            "3:27 Int cannot represent non-integer value: \"10\"",
            "4:59 String cannot represent a non string value: 1",
        ])
    }
}
