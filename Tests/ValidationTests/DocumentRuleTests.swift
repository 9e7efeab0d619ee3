import Diagnostics
import XCTest
@testable import Validation

/// Every rule together over a document split across files (each rule's own cases are in `Rules/`
/// and `DataConnectRules/`).
final class DocumentRuleTests: RuleTestCase {
    func testFragmentsMayBeSharedBetweenFiles() {
        let diagnostics = Fixture.diagnostics(["query A { movies { ...F } }", "fragment F on Movie { id title }"])
        XCTAssertEqual(diagnostics.filter { $0.severity == .error }, [])
    }
}
