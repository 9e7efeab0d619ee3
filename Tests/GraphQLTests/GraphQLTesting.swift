import Diagnostics
import GraphQL
import TestSupport
import XCTest

/// Shared helpers for the GraphQL tests.
enum GraphQLTesting {
    /// `shared/corpus` (skipped locally, a failure on CI, when absent).
    static func corpusRoot() throws -> String { try SharedFolder.corpus().path }

    /// The GraphQL parser fixtures beside the corpus.
    static func specRoot() throws -> String { try corpusRoot() + "/graphql-spec" }

    /// Every `.gql` and `.graphql` file under the corpus, sorted, recursively (hidden folders too).
    static func corpusFiles(under root: String? = nil) throws -> [String] {
        let root = try root ?? corpusRoot()
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".gql") || relative.hasSuffix(".graphql") { files.append(root + "/" + relative) }
        }
        return files.sorted()
    }

    /// `corpusFiles()` without files whose bytes equal an earlier one's (projects share copies of
    /// prelude.gql and the like): checking a copy again proves nothing and costs test time.
    static func distinctCorpusFiles() throws -> [String] {
        var seen = Set<[UInt8]>()
        return try corpusFiles().filter { seen.insert(try load($0).bytes).inserted }
    }

    static func load(_ path: String) throws -> SourceFile {
        let data = try XCTUnwrap(FileManager.default.contents(atPath: path), "cannot read \(path)")
        return SourceFile(path: path, bytes: Array(data))
    }

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

extension GraphQLTesting {
    /// Like `assertDocumentError`, with the spec's rule that a document has at least one definition.
    static func assertDocumentRequiringDefinitionError(
        _ text: String, _ message: String, at location: (line: Int, column: Int),
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let diagnostic = syntaxError({ try Parser.parseDocument(source(text), requiresDefinition: true) }, file: file, line: line)
        XCTAssertEqual(diagnostic?.message, message, file: file, line: line)
        XCTAssertEqual(diagnostic?.span?.range?.start.line, location.line, file: file, line: line)
        XCTAssertEqual(diagnostic?.span?.range?.start.column, location.column, file: file, line: line)
    }
}
