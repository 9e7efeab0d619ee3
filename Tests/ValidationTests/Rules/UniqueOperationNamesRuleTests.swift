import Diagnostics
import XCTest
@testable import Validation

/// Spec 5.2.1.1: operation names are unique across all files of a connector.
final class UniqueOperationNamesRuleTests: RuleTestCase {
    private let rule = UniqueOperationNamesRule()

    /// Each diagnostic and its notes as `"path line:column message"`.
    private func located(_ texts: [String]) -> [String] {
        Fixture.diagnostics(texts, crossOperationRules: [rule]).flatMap { diagnostic in
            [describe(diagnostic.message, diagnostic.span)] + diagnostic.notes.map { "  note: " + describe($0.message, $0.span) }
        }
    }

    private func describe(_ message: String, _ span: SourceSpan?) -> String {
        "\(span?.file.path ?? "-") \(span?.range.map { "\($0.start)" } ?? "-") \(message)"
    }

    func testDistinctNamesAreValid() {
        assertLocated("query A { movies { id } }\nquery B { actors { id } }\nmutation C { movie_insert(data: {}) }", rule, [])
    }

    func testAnonymousOperationsAreLeftToLoneAnonymousOperation() {
        assertLocated("{ movies { id } }\n{ actors { id } }\nquery A { movies { id } }", rule, [])
    }

    func testDuplicateIsReportedAtTheSecondNameWithANoteAtTheFirst() {
        XCTAssertEqual(located(["""
        query A { movies { id } }
        query A { actors { id } }
        """]), [
            "connector/file0.gql 2:7 There can be only one operation named \"A\".",
            "  note: connector/file0.gql 1:7 The first \"A\" is here.",
        ])
    }

    func testAQueryAndAMutationMayNotShareAName() {
        assertLocated("""
        query ListMovies @auth(level: PUBLIC) { movies { id } }
        mutation ListMovies @auth(level: USER) { movie_insert(data: {}) }
        """, rule, [
            "2:10 There can be only one operation named \"ListMovies\".",
        ])
    }

    func testDuplicatesAcrossTheFilesOfAConnector() {
        XCTAssertEqual(Fixture.diagnostics(["query A { movies { id } }", "query B { movies { id } }"], crossOperationRules: [rule]), [])
        XCTAssertEqual(located(["query A { movies { id } }", "\nmutation A { movie_insert(data: {}) }"]), [
            "connector/file1.gql 2:10 There can be only one operation named \"A\".",
            "  note: connector/file0.gql 1:7 The first \"A\" is here.",
        ])
    }

    func testEveryRepetitionPointsAtTheFirst() {
        XCTAssertEqual(located(["query A { movies { id } }\nquery A { movies { id } }\nmutation A { movie_insert(data: {}) }"]), [
            "connector/file0.gql 2:7 There can be only one operation named \"A\".",
            "  note: connector/file0.gql 1:7 The first \"A\" is here.",
            "connector/file0.gql 3:10 There can be only one operation named \"A\".",
            "  note: connector/file0.gql 1:7 The first \"A\" is here.",
        ])
    }

    func testValidationRunsItByDefault() {
        XCTAssertEqual(Fixture.diagnostics(["query A { movies { id } }", "query A { actors { id } }"]).map(\.message),
                       ["There can be only one operation named \"A\"."])
    }

    func testOperationsMayShareANameWithAFragment() {
        assertLocated("query F { movies { ...F } }\nfragment F on Movie { id }", rule, [])
    }

    func testNamesAreCaseSensitive() {
        assertLocated("query listMovies { movies { id } }\nquery ListMovies { movies { id } }", rule, [])
    }

    func testSubscriptionsCountAsOperations() {
        // NoSubscriptions rejects the subscription itself; its name still clashes.
        assertLocated("query A { movies { id } }\nsubscription A { movies { id } }", rule, [
            "2:14 There can be only one operation named \"A\".",
        ])
    }
}
