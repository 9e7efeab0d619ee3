import Diagnostics
import GraphQL
import XCTest

/// Issue #33: when a file ends with a bracket open, indentation points at the bracket whose closer
/// is missing; counting brackets only finds the outermost one of the chain it shifted.
final class UnclosedBracketGuessTests: XCTestCase {
    private let unclosed = #"Syntax Error: "{" is never closed: the file ends before its "}"."#

    private func render(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let source = GraphQLTesting.source(text)
        let diagnostic = try XCTUnwrap(GraphQLTesting.syntaxError({ try Parser.parseDocument(source) }, file: file, line: line))
        XCTAssertEqual(diagnostic.id, .graphqlSyntax, file: file, line: line)
        // The ID ends the header line; the expectations below are about the positions.
        return DiagnosticRenderer().render(diagnostic).replacingOccurrences(of: " [graphql.syntax]", with: "")
    }

    func testAStrayBraceIsReportedWhereItWasAdded() throws {
        XCTAssertEqual(try render("""
            # Movies and their actors.
            query Q {
              movies {
                id
              }
              actors {
                name {
                id
              }
            }

            """), """
            test.graphql:7:10: error: \(unclosed)
                7 |     name {
                  |          ^
            test.graphql:9:3: note: this "}" is indented less than line 7, so it likely closes an outer "{"
                9 |   }
                  |   ^
            test.graphql:2:9: note: counting brackets, the unclosed "{" is this one
                2 | query Q {
                  |         ^
            """)
    }

    func testADroppedBraceIsReportedAtTheBraceItClosed() {
        GraphQLTesting.assertDocumentError("query Q {\n  movies {\n    id\n  actors {\n    name\n  }\n}\n", unclosed, at: (2, 10))
    }

    func testTabsAreComparedAsTheyAreWritten() {
        GraphQLTesting.assertDocumentError("query Q {\n\tmovies {\n\t\tid {\n\t\tname\n\t}\n}\n", unclosed, at: (3, 6))
    }

    /// Without a closer out of line, or with indentations that cannot be compared, the outermost
    /// unclosed brace is all there is to say.
    func testWithoutAClearAnswerTheUnclosedBraceIsReported() {
        GraphQLTesting.assertDocumentError("query Q { movies { id { name } }", unclosed, at: (1, 9))
        GraphQLTesting.assertDocumentError("query Q {\n  movies {\n    id\n  }\n", unclosed, at: (1, 9))
        GraphQLTesting.assertDocumentError("query Q {\n\tmovies {\n\t\tid {\n\t\tname\n  }\n}\n", unclosed, at: (1, 9))
        // A closer after other tokens on its line says nothing about its level.
        GraphQLTesting.assertDocumentError("query Q {\n  a {\n    b {\n c } }\n", unclosed, at: (1, 9))
        let notes = GraphQLTesting.syntaxError { try Parser.parseDocument(GraphQLTesting.source("query Q {\n  a {\n    b\n  }\n")) }?.notes
        XCTAssertEqual(notes, [])
    }

    func testListsAreJudgedTheSameWay() throws {
        let diagnostic = GraphQLTesting.syntaxError { try Parser.parseValue(GraphQLTesting.source("[\n  [1, 2],\n  [3, 4,\n  [5, 6]\n]\n")) }
        XCTAssertEqual(diagnostic?.message, #"Syntax Error: "[" is never closed: the file ends before its "]"."#)
        XCTAssertEqual(diagnostic?.span?.range?.start, SourceLocation(offset: 14, line: 3, column: 3))
        XCTAssertEqual(diagnostic?.notes.map(\.message), [
            #"this "]" is indented less than line 3, so it likely closes an outer "[""#,
            #"counting brackets, the unclosed "[" is this one"#,
        ])
        XCTAssertEqual(diagnostic?.notes.map { $0.span?.range?.start.line }, [5, 1])
    }
}
