import XCTest
@testable import Validation

/// Spec 5.3.2: fields with the same response key, fragments included, can be merged into one.
final class OverlappingFieldsCanBeMergedRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { OverlappingFieldsCanBeMergedRule() }

    /// graphql-js's message for a conflict on `key`.
    private func conflict(_ key: String, _ reason: String) -> String {
        "Fields \"\(key)\" conflict because \(reason). Use different aliases on the fields to fetch both if this was intentional."
    }

    /// Checks each conflict as `"line:column message (other: line:column)"`: the diagnostic points at
    /// the later field and its note at the earlier one (graphql-js lists both locations).
    private func assertConflicts(_ text: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        let found = Fixture.diagnostics([text], rules: [rule]).map { diagnostic in
            let here = diagnostic.span?.range.map { "\($0.start) " } ?? ""
            let other = diagnostic.notes.first?.span?.range.map { " (other: \($0.start))" } ?? ""
            return here + diagnostic.message + other
        }
        XCTAssertEqual(found, expected, file: file, line: line)
    }

    func testIdenticalFieldsMerge() {
        assertValid("""
        query A { movies { id id t: title t: title __typename __typename ...F ... on Movie { t: title } } }
        fragment F on Movie { t: title id }
        """, rule)
    }

    func testSameArgumentsInAnyOrderMerge() {
        assertValid("""
        query A($n: Int = 1, $ids: [UUID!]) {
          movies(limit: $n, offset: 2, where: {id: {in: $ids}}) { id }
          movies(where: {id: {in: $ids}}, offset: 2, limit: $n) { title }
        }
        """, rule)
    }

    func testDirectivesAndSeparateParentsDoNotMatter() {
        assertValid("""
        query A($show: Boolean!) {
          movies { title @include(if: $show) title @check(expr: "this != ''") }
          actors { title: name }
        }
        """, rule)
    }

    func testDifferentFieldsUnderOneAlias() {
        assertConflicts("query A { movies { x: title x: id } }", [
            "1:29 " + conflict("x", "\"title\" and \"id\" are different fields") + " (other: 1:20)",
        ])
    }

    func testAliasShadowingAFieldName() {
        assertConflicts("""
        query A {
          movies {
            title
            title: genre
          }
        }
        """, ["4:5 " + conflict("title", "\"title\" and \"genre\" are different fields") + " (other: 3:5)"])
    }

    func testDifferingArguments() {
        assertConflicts("""
        query A($a: Int, $b: Int) {
          movies(limit: 1) { id }
          movies(limit: 2) { id }
          actors { id }
          actors(limit: 1) { id }
          reviews(limit: $a) { id }
          reviews(limit: $b) { id }
        }
        """, [
            "3:3 " + conflict("movies", "they have differing arguments") + " (other: 2:3)",
            "5:3 " + conflict("actors", "they have differing arguments") + " (other: 4:3)",
            "7:3 " + conflict("reviews", "they have differing arguments") + " (other: 6:3)",
        ])
    }

    func testExprFilterDiffersFromALiteralFilter() {
        assertConflicts("""
        query A @auth(level: USER) {
          movies(where: {title: {eq: "x"}}) { id }
          movies(where: {title: {eq_expr: "auth.uid"}}) { id }
        }
        """, ["3:3 " + conflict("movies", "they have differing arguments") + " (other: 2:3)"])
    }

    func testMutationFieldsNeedAliases() {
        assertValid("mutation A { a: movie_insert(data: {title: \"a\"}) b: movie_insert(data: {title: \"b\"}) }", rule)
        assertConflicts("mutation A { movie_insert(data: {title: \"a\"}) movie_insert(data: {title: \"b\"}) }", [
            "1:47 " + conflict("movie_insert", "they have differing arguments") + " (other: 1:14)",
        ])
    }

    func testDifferentFieldsOnExclusiveObjectTypesMergeWhenTheirTypesAgree() {
        assertValid("""
        query A {
          movies {
            ... on Movie { x: title r: reviews_on_movie { text } }
            ... on Actor { x: name r: movies_via_MovieActor { title } }
          }
        }
        """, rule)
    }

    func testConflictingReturnTypesOnExclusiveObjectTypes() {
        assertConflicts("""
        query A {
          movies {
            ... on Movie { n: releaseYear l: tags o: title }
            ... on Review { n: text }
            ... on Actor { l: name o: id }
          }
        }
        """, [
            "4:21 " + conflict("n", "they return conflicting types \"Int\" and \"String\"") + " (other: 3:20)",
            "5:20 " + conflict("l", "they return conflicting types \"[String]\" and \"String!\"") + " (other: 3:35)",
            "5:28 " + conflict("o", "they return conflicting types \"String!\" and \"UUID!\"") + " (other: 3:43)",
        ])
    }

    func testSubfieldConflicts() {
        assertConflicts("""
        query A {
          movies { id reviews_on_movie { text } }
          movies { id: title reviews_on_movie { text: id } }
        }
        """, [
            "3:3 " + conflict("movies", "subfields \"id\" conflict because \"id\" and \"title\" are different fields and "
                              + "subfields \"reviews_on_movie\" conflict because subfields \"text\" conflict because \"text\" and \"id\" are different fields")
                + " (other: 2:3)",
        ])
    }

    func testSubfieldTypeConflictOnExclusiveParents() {
        assertConflicts("""
        query A {
          movies {
            ... on Movie { r: reviews_on_movie { x: text } }
            ... on Actor { r: movies_via_MovieActor { x: releaseYear } }
          }
        }
        """, [
            "4:20 " + conflict("r", "subfields \"x\" conflict because they return conflicting types \"String\" and \"Int\"") + " (other: 3:20)",
        ])
    }

    func testConflictsThroughFragments() {
        assertConflicts("""
        query A { movies { ... on Movie { x: title } ...F ...G } }
        fragment F on Movie { x: releaseYear }
        fragment G on Movie { y: title }
        fragment H on Movie { y: genre ...G }
        """, [
            "2:23 " + conflict("x", "\"title\" and \"releaseYear\" are different fields") + " (other: 1:35)",
            "3:23 " + conflict("y", "\"genre\" and \"title\" are different fields") + " (other: 4:23)",
        ])
    }

    func testConflictInANestedSelectionIsReportedThere() {
        assertConflicts("""
        query A {
          movies {
            reviews_on_movie { x: text x: id }
          }
        }
        """, ["3:32 " + conflict("x", "\"text\" and \"id\" are different fields") + " (other: 3:24)"])
    }

    func testEveryConflictingPairIsReported() {
        assertConflicts("query A { movies { x: title x: id x: genre } }", [
            "1:29 " + conflict("x", "\"title\" and \"id\" are different fields") + " (other: 1:20)",
            "1:35 " + conflict("x", "\"title\" and \"genre\" are different fields") + " (other: 1:20)",
            "1:35 " + conflict("x", "\"id\" and \"genre\" are different fields") + " (other: 1:29)",
        ])
    }

    func testConflictBetweenLaterFieldsWhenTheFirstMergesWithBoth() {
        assertConflicts("""
        query A {
          movies {
            ... on Actor { x: movies_via_MovieActor { id } }
            ... on Movie { x: reviews_on_movie { id } }
            ... on Movie { x: movieActors_on_movie { id } }
          }
        }
        """, ["5:20 " + conflict("x", "\"reviews_on_movie\" and \"movieActors_on_movie\" are different fields") + " (other: 4:20)"])
    }

    func testConflictInsideAFragmentIsReportedOnceWhereItIsDefined() {
        assertConflicts("""
        query A { movies { ...F } actors { movies_via_MovieActor { ...F } } }
        fragment F on Movie { x: title x: id }
        query B { movies { ... on Movie { y: title y: id } } }
        """, [
            "2:32 " + conflict("x", "\"title\" and \"id\" are different fields") + " (other: 2:23)",
            "3:44 " + conflict("y", "\"title\" and \"id\" are different fields") + " (other: 3:35)",
        ])
    }

    func testTwoFragmentsAreComparedOnceAndOwnFieldsComeFirst() {
        assertConflicts("""
        query A {
          m1: movies { ...F ...G }
          m2: movies { ...G ...F }
          m3: movies { ...F ...G x: genre }
        }
        fragment F on Movie { x: title }
        fragment G on Movie { x: releaseYear }
        """, [
            "6:23 " + conflict("x", "\"genre\" and \"title\" are different fields") + " (other: 4:26)",
            "7:23 " + conflict("x", "\"title\" and \"releaseYear\" are different fields") + " (other: 6:23)",
            "7:23 " + conflict("x", "\"genre\" and \"releaseYear\" are different fields") + " (other: 4:26)",
        ])
    }
}
