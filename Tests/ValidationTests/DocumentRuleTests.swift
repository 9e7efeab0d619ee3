import Diagnostics
import XCTest
@testable import Validation

/// Rules about definitions, names and fragments as a whole.
final class DocumentRuleTests: RuleTestCase {
    func testUniqueOperationNamesAcrossFiles() {
        let rule: @Sendable () -> any ValidationRule = { UniqueOperationNamesRule() }
        XCTAssertEqual(Fixture.diagnostics(["query A { movies { id } }", "query B { movies { id } }"], rules: [rule]), [])
        let diagnostics = Fixture.diagnostics(["query A { movies { id } }", "mutation A { movie_insert(data: {}) }"], rules: [rule])
        XCTAssertEqual(diagnostics.map(\.message), ["There can be only one operation named \"A\"."])
        XCTAssertEqual(diagnostics.first?.span?.file.path, "connector/file1.gql")
        XCTAssertEqual(diagnostics.first?.notes.first?.span?.file.path, "connector/file0.gql")
    }

    func testUniqueFragmentNamesAcrossFiles() {
        let rule: @Sendable () -> any ValidationRule = { UniqueFragmentNamesRule() }
        XCTAssertEqual(Fixture.diagnostics(["fragment F on Movie { id }", "fragment G on Movie { id }"], rules: [rule]), [])
        XCTAssertEqual(Fixture.diagnostics(["fragment F on Movie { id }", "fragment F on Movie { title }"], rules: [rule]).map(\.message),
                       ["There can be only one fragment named \"F\"."])
    }

    func testFragmentsMayBeSharedBetweenFiles() {
        let diagnostics = Fixture.diagnostics(["query A { movies { ...F } }", "fragment F on Movie { id title }"])
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }, [])
    }

    func testPossibleFragmentSpreads() {
        assertValid("query A { movies { ...F ... on Movie { id } } }\nfragment F on Movie { id }", { PossibleFragmentSpreadsRule() })
        assertMessages("query A { movies { ...F ... on Actor { id } } }\nfragment F on Actor { id }", { PossibleFragmentSpreadsRule() }, [
            "Fragment \"F\" cannot be spread here as objects of type \"Movie\" can never be of type \"Actor\".",
            "Fragment cannot be spread here as objects of type \"Movie\" can never be of type \"Actor\".",
        ])
    }
}
