import Diagnostics
import GraphQL
import XCTest

/// The spec's fixtures that are not parseable documents, and why.
enum SpecFixtures {
    /// File name suffix -> reason. Everything else under graphql-spec/ must parse as a document.
    static let expectedToFail: [String: String] = [
        // Bare block-string values, not documents: checked with parseValue instead.
        "s2-021-example.graphql": "a lone block string value, not a document",
        "s2-022-counter-example.graphql": "a lone block string value, not a document",
        // Not a type definition but the list of introspection fields (`__schema: __Schema!`) alone.
        "s4-003-plain.graphql": "field definitions outside any type",
        // Shows a validation rule, but its operations have empty selection sets `{ # ... }`, which
        // the grammar forbids (SelectionSet needs at least one Selection).
        "s5-074-counter-example.graphql": "empty selection sets",
    ]
}

final class SpecFixtureTests: XCTestCase {
    func testEverySpecFixtureParsesUnlessListed() throws {
        let files = TestSupport.corpusFiles(under: TestSupport.specRoot)
        XCTAssertGreaterThan(files.count, 200)
        for path in files {
            let source = try TestSupport.load(path)
            let expectedFailure = SpecFixtures.expectedToFail.first { path.hasSuffix($0.key) }
            do {
                _ = try Parser.parseDocument(source)
                if let expectedFailure { XCTFail("\(path) parsed but should fail: \(expectedFailure.value)") }
            } catch let error as DiagnosticError {
                if expectedFailure == nil { XCTFail("\(path) should parse: \(error)") }
            }
        }
    }
}
