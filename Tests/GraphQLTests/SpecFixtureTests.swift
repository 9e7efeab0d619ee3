import Diagnostics
import GraphQL
import XCTest

/// The spec's fixtures that are not parseable documents, and why.
enum SpecFixtures {
    /// File name suffix -> reason. Everything else under graphql-spec/ must parse as a document,
    /// including every Section 3 and 5 counter-example not listed here: those show type-system or
    /// validation errors (each was read to check), which are later stages' business.
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
        let files = try GraphQLTesting.corpusFiles(under: try GraphQLTesting.specRoot())
        XCTAssertGreaterThan(files.count, 200)
        for path in files {
            let source = try GraphQLTesting.load(path)
            let expectedFailure = SpecFixtures.expectedToFail.first { path.hasSuffix($0.key) }
            do {
                _ = try Parser.parseDocument(source)
                if let expectedFailure { XCTFail("\(path) parsed but should fail: \(expectedFailure.value)") }
            } catch let error as DiagnosticError {
                if expectedFailure == nil { XCTFail("\(path) should parse: \(error)") }
            }
        }
    }

    func testExpectedFailuresFailForTheStatedReason() throws {
        let cases = [
            ("s4-003-plain.graphql", #"Syntax Error: Unexpected Name "__schema"."#, 1, 1),
            ("s5-074-counter-example.graphql", #"Syntax Error: Expected Name, found "}"."#, 3, 1),
            ("s2-021-example.graphql", "Syntax Error: Unexpected <EOF>.", 5, 1),
            ("s2-022-counter-example.graphql", "Syntax Error: Unexpected <EOF>.", 3, 1),
        ]
        for (name, message, line, column) in cases {
            let source = try GraphQLTesting.load(try GraphQLTesting.specRoot() + "/spec-examples/" + name)
            let diagnostic = GraphQLTesting.syntaxError { try Parser.parseDocument(source) }
            XCTAssertEqual(diagnostic?.message, message, name)
            XCTAssertEqual(diagnostic?.span?.range?.start.line, line, name)
            XCTAssertEqual(diagnostic?.span?.range?.start.column, column, name)
        }
    }

    func testBareBlockStringExamplesParseAsValues() throws {
        let spaced = try Parser.parseValue(GraphQLTesting.load(try GraphQLTesting.specRoot() + "/spec-examples/s2-021-example.graphql"))
        let compact = try Parser.parseValue(GraphQLTesting.load(try GraphQLTesting.specRoot() + "/spec-examples/s2-022-counter-example.graphql"))
        guard case .string(let spacedString) = spaced, case .string(let compactString) = compact else {
            return XCTFail("expected string values")
        }
        XCTAssertTrue(spacedString.isBlockString)
        XCTAssertEqual(spacedString.value, "This starts with and ends with an empty line,\nwhich makes it easier to read.")
        XCTAssertEqual(compactString.value, "This does not start with or end with any empty lines,\nwhich makes it a little harder to read.")
    }

    func testCounterExamplesThatAreValidationErrorsParse() throws {
        let files = try GraphQLTesting.corpusFiles(under: try GraphQLTesting.specRoot() + "/spec-examples").filter { $0.hasSuffix("-counter-example.graphql") }
        XCTAssertEqual(files.count, 61)
        var parsed = 0
        for path in files where !SpecFixtures.expectedToFail.keys.contains(where: path.hasSuffix) {
            XCTAssertNoThrow(try Parser.parseDocument(GraphQLTesting.load(path)), path)
            parsed += 1
        }
        XCTAssertEqual(parsed, 59)
    }

    func testSeptember2025DescriptionExamples() throws {
        let statusQuery = try Parser.parseDocument(GraphQLTesting.load(try GraphQLTesting.specRoot() + "/spec-examples/s2-001-example.graphql"))
        guard case .operation(let operation) = statusQuery.definitions.first, case .fragment(let fragment) = statusQuery.definitions.last else {
            return XCTFail("expected an operation and a fragment")
        }
        XCTAssertEqual(operation.name?.value, "GetTimeMachineStatus")
        XCTAssertTrue(operation.description?.value.hasPrefix("Request the current status of a time machine") ?? false)
        XCTAssertEqual(operation.variableDefinitions.map { $0.description?.value },
                       ["The unique serial number of the time machine to inspect.", "The year to check the status for."])
        XCTAssertEqual(fragment.description?.value, "Details about a time machine and its operator.")

        let anonymous = try Parser.parseDocument(GraphQLTesting.load(try GraphQLTesting.specRoot() + "/spec-examples/s2-002-example.graphql"))
        guard case .operation(let mutation) = anonymous.definitions.first else { return XCTFail("expected an operation") }
        XCTAssertNil(mutation.name)
        XCTAssertEqual(mutation.description?.value, "Mark story 12345 as \"liked\"\nand return the updated number of likes on the story")
    }

    func testKitchenSinks() throws {
        let executable = try Parser.parseDocument(GraphQLTesting.load(try GraphQLTesting.specRoot() + "/kitchen-sink.v16.graphql"))
        XCTAssertTrue(executable.definitions.allSatisfy(\.isExecutable))
        let variableDirectives = executable.definitions.flatMap { definition -> [Directive] in
            guard case .operation(let operation) = definition else { return [] }
            return operation.variableDefinitions.flatMap(\.directives)
        }
        XCTAssertEqual(variableDirectives.map(\.name.value), ["onVariableDefinition"])

        let schema = try Parser.parseDocument(GraphQLTesting.load(try GraphQLTesting.specRoot() + "/schema-kitchen-sink.v16.graphql"))
        XCTAssertFalse(schema.definitions.contains(where: \.isExecutable))
        XCTAssertTrue(schema.definitions.contains {
            if case .type(.inputObject(let input)) = $0 { input.name.value == "OneOfInputType" } else { false }
        })

        let github = try Parser.parseDocument(GraphQLTesting.load(try GraphQLTesting.specRoot() + "/github-public-schema/schema.graphql"))
        XCTAssertGreaterThan(github.definitions.count, 1500)
    }
}
