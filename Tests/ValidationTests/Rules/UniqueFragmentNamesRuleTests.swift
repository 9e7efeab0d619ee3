import Diagnostics
import XCTest
@testable import Validation

/// Spec 5.5.1.1: fragment names are unique across all files of a connector.
final class UniqueFragmentNamesRuleTests: RuleTestCase {
    private let rule: @Sendable () -> any ValidationRule = { UniqueFragmentNamesRule() }

    /// Each diagnostic and its notes as `"path line:column message"`.
    private func located(_ texts: [String]) -> [String] {
        Fixture.diagnostics(texts, rules: [rule]).flatMap { diagnostic in
            [describe(diagnostic.message, diagnostic.span)] + diagnostic.notes.map { "  note: " + describe($0.message, $0.span) }
        }
    }

    private func describe(_ message: String, _ span: SourceSpan?) -> String {
        "\(span?.file.path ?? "-") \(span?.range.map { "\($0.start)" } ?? "-") \(message)"
    }

    func testDistinctFragmentsAreValid() {
        assertValid("""
        query A { movies { ...F ...G ... on Movie { id } } }
        fragment F on Movie { id }
        fragment G on Movie { title }
        """, rule)
    }

    func testDuplicateIsReportedAtTheSecondNameWithANoteAtTheFirst() {
        XCTAssertEqual(located(["""
        fragment F on Movie { id }
        fragment F on Movie { id }
        """]), [
            "connector/file0.gql 2:10 There can be only one fragment named \"F\".",
            "  note: connector/file0.gql 1:10 The first \"F\" is here.",
        ])
    }

    func testDuplicateOnAnotherTypeIsStillADuplicate() {
        assertLocated("""
        fragment Info on Movie { title }
        fragment Info on Actor { name }
        """, rule, [
            "2:10 There can be only one fragment named \"Info\".",
        ])
    }

    func testDuplicatesAcrossTheFilesOfAConnector() {
        XCTAssertEqual(Fixture.diagnostics(["fragment F on Movie { id }", "fragment G on Movie { id }"], rules: [rule]), [])
        XCTAssertEqual(located(["query A { movies { ...F } }\nfragment F on Movie { id }", "fragment F on Movie { title }"]), [
            "connector/file1.gql 1:10 There can be only one fragment named \"F\".",
            "  note: connector/file0.gql 2:10 The first \"F\" is here.",
        ])
    }

    func testEveryRepetitionPointsAtTheFirst() {
        XCTAssertEqual(located(["fragment F on Movie { id }\nfragment F on Movie { id }\nfragment F on Movie { id }"]), [
            "connector/file0.gql 2:10 There can be only one fragment named \"F\".",
            "  note: connector/file0.gql 1:10 The first \"F\" is here.",
            "connector/file0.gql 3:10 There can be only one fragment named \"F\".",
            "  note: connector/file0.gql 1:10 The first \"F\" is here.",
        ])
    }

    func testFragmentsMayShareANameWithAnOperation() {
        assertValid("query F { movies { ...F } }\nfragment F on Movie { id }", rule)
    }

    func testNamesAreCaseSensitive() {
        assertValid("fragment movie on Movie { id }\nfragment Movie on Movie { id }\nfragment MOVIE on Movie { id }", rule)
    }

    func testSeveralDuplicatedNamesAreEachReported() {
        assertLocated("""
        fragment F on Movie { id }
        fragment G on Actor { id }
        fragment G on Actor { name }
        fragment F on Movie { title }
        """, rule, [
            "3:10 There can be only one fragment named \"G\".",
            "4:10 There can be only one fragment named \"F\".",
        ])
    }
}
