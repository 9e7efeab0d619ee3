import Diagnostics
@testable import GraphQL
import XCTest

extension Parser {
    /// Parses a source that holds exactly one value literal, e.g. `[1, 2]`; variables unless `isConstant`.
    static func parseValue(_ source: SourceFile, isConstant: Bool = false) throws -> Value {
        var parser = try Parser(source: source)
        let value = try parser.parseValue(isConstant: isConstant)
        try parser.expect(.endOfFile)
        return value
    }

    /// Parses a source that holds exactly one type reference, e.g. `[Movie!]!`.
    static func parseType(_ source: SourceFile) throws -> TypeReference {
        var parser = try Parser(source: source)
        let type = try parser.parseTypeReference()
        try parser.expect(.endOfFile)
        return type
    }
}

/// Shared helpers for the GraphQL tests.
enum GraphQLTesting {
    static func source(_ text: String) -> SourceFile {
        SourceFile(path: "test.graphql", text: text)
    }

    static func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Document {
        do {
            return try Parser.parseDocument(source(text))
        } catch let error as DiagnosticError {
            XCTFail("unexpected syntax error: \(error)", file: file, line: line)
            throw error
        }
    }

    /// The single diagnostic of the error thrown by `body`, failing when nothing is thrown.
    static func syntaxError<T>(
        _ body: () throws -> T, file: StaticString = #filePath, line: UInt = #line
    ) -> Diagnostic? {
        do {
            _ = try body()
            XCTFail("expected a syntax error", file: file, line: line)
            return nil
        } catch let error as DiagnosticError {
            XCTAssertEqual(error.diagnostics.count, 1, file: file, line: line)
            XCTAssertEqual(error.diagnostics.first?.severity, .error, file: file, line: line)
            return error.diagnostics.first
        } catch {
            XCTFail("unexpected error type: \(error)", file: file, line: line)
            return nil
        }
    }

    /// Asserts that parsing `text` as a document fails with `message` at `line`:`column`.
    static func assertDocumentError(
        _ text: String, _ message: String, at location: (line: Int, column: Int),
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let source = source(text)
        guard let diagnostic = syntaxError({ try Parser.parseDocument(source) }, file: file, line: line) else { return }
        XCTAssertEqual(diagnostic.message, message, file: file, line: line)
        XCTAssertEqual(diagnostic.span?.range?.start.line, location.line, "line", file: file, line: line)
        XCTAssertEqual(diagnostic.span?.range?.start.column, location.column, "column", file: file, line: line)
        XCTAssertTrue(diagnostic.span?.file === source, file: file, line: line)
    }
}
