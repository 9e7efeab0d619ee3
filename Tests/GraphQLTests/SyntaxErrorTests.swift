import Diagnostics
import GraphQL
import XCTest

/// One negative test per class of syntax error the parser reports, with graphql-js wording and the
/// exact location.
final class SyntaxErrorTests: XCTestCase {
    private func assertError(
        _ text: String, _ message: String, _ line: Int, _ column: Int, file: StaticString = #filePath, line testLine: UInt = #line
    ) {
        GraphQLTesting.assertDocumentError(text, "Syntax Error: " + message, at: (line, column), file: file, line: testLine)
    }

    func testExpectedToken() {
        assertError("{ }", #"Expected Name, found "}"."#, 1, 3)
        assertError("{ a", #""{" is never closed: the file ends before its "}"."#, 1, 1)
        assertError("query Q($a) { a }", #"Expected ":", found ")"."#, 1, 11)
        assertError("{ f() }", #"Expected Name, found ")"."#, 1, 5)
        assertError("{ \"a\" }", #"Expected Name, found String "a"."#, 1, 3)
        assertError("{ \"\"\"x\"\"\" }", #"Expected Name, found BlockString "x"."#, 1, 3)
        assertError("{ \"" + String(repeating: "é", count: 150) + "\" }", "Expected Name, found String \"" + String(repeating: "é", count: 100) + "…\".", 1, 3)
        assertError("query Q($a: Int = 1 2) { a }", #"Expected "$", found Int "2"."#, 1, 21)
        assertError("type T {}", #"Expected Name, found "}"."#, 1, 9)
        assertError("union U =", "Expected Name, found <EOF>.", 1, 10)
        assertError("schema @d", #"Expected "{", found <EOF>."#, 1, 10)
        assertError("directive d on FIELD", #"Expected "@", found Name "d"."#, 1, 11)
        assertError("{ a(b: [1, 2) }", #"Unexpected ")"."#, 1, 13)
    }

    /// Issue #22: the end of the file says nothing about where a `}` went missing; the innermost
    /// `{` (or `(`) still open there does.
    func testFileEndingInsideBracesIsReportedAtTheUnclosedBrace() {
        let unclosed = #""{" is never closed: the file ends before its "}"."#
        assertError("query Q {\n  movies {\n    id\n  }\n", unclosed, 1, 9)
        assertError("query Q {\n  movies {\n    id\n", unclosed, 2, 10)
        assertError("type T {\n  a: Int\n", unclosed, 1, 8)
        assertError("{ f(a: 1", #""(" is never closed: the file ends before its ")"."#, 1, 4)
        assertError("{ a(b: [1, 2", #""[" is never closed: the file ends before its "]"."#, 1, 8)
        assertError("{ a(b: {c: 1", #""{" is never closed: the file ends before its "}"."#, 1, 8)
        assertError("query Q { a } }", #"Unexpected "}"."#, 1, 15)
    }

    func testUnclosedBraceIsUnderlinedInTheExcerpt() throws {
        let source = GraphQLTesting.source("query Q {\n  movie { title }\n")
        let diagnostic = try XCTUnwrap(GraphQLTesting.syntaxError { try Parser.parseDocument(source) })
        XCTAssertEqual(DiagnosticRenderer().render(diagnostic), """
            test.graphql:1:9: error: Syntax Error: "{" is never closed: the file ends before its "}". [graphql.syntax]
                1 | query Q {
                  |         ^
            """)
    }

    func testExpectedKeyword() {
        assertError("fragment F T { a }", #"Expected "on", found Name "T"."#, 1, 12)
        assertError("directive @d FIELD", #"Expected "on", found Name "FIELD"."#, 1, 14)
    }

    func testUnexpectedToken() {
        assertError("foo", #"Unexpected Name "foo"."#, 1, 1)
        assertError("}", #"Unexpected "}"."#, 1, 1)
        assertError("query Q { a } }", #"Unexpected "}"."#, 1, 15)
        assertError("{ f(a: ) }", #"Unexpected ")"."#, 1, 8)
        assertError("{ f(a: 1.5 b: :) }", #"Unexpected ":"."#, 1, 15)
        assertError("query Q { a } 42", #"Unexpected Int "42"."#, 1, 15)
        assertError("schema { query: Q foo: F }", #"Unexpected Name "foo"."#, 1, 19)
        assertError("fragment on on T { a }", #"Unexpected Name "on"."#, 1, 10)
        assertError("{ ...on }", #"Expected Name, found "}"."#, 1, 9)
    }

    func testUnexpectedTokenRangeCoversTheToken() {
        let source = GraphQLTesting.source("\n  unknown { a }")
        let diagnostic = GraphQLTesting.syntaxError { try Parser.parseDocument(source) }
        XCTAssertEqual(diagnostic?.span?.range?.start, SourceLocation(offset: 3, line: 2, column: 3))
        XCTAssertEqual(diagnostic?.span?.range?.end, SourceLocation(offset: 10, line: 2, column: 10))
        XCTAssertEqual(diagnostic?.description, "test.graphql:2:3: error: Syntax Error: Unexpected Name \"unknown\".")
    }

    func testRenderedErrorUnderlinesTheToken() throws {
        let source = GraphQLTesting.source("query Q {\n  movie(id: $) { title }\n}")
        let diagnostic = try XCTUnwrap(GraphQLTesting.syntaxError { try Parser.parseDocument(source) })
        XCTAssertEqual(DiagnosticRenderer().render(diagnostic), """
            test.graphql:2:14: error: Syntax Error: Expected Name, found ")". [graphql.syntax]
                2 |   movie(id: $) { title }
                  |              ^
            """)
    }

    func testVariablesInConstantValues() {
        assertError("query Q($a: Int = $b) { a }", #"Unexpected variable "$b" in constant value."#, 1, 19)
        assertError("type T @d(a: [$x]) { a: Int }", #"Unexpected variable "$x" in constant value."#, 1, 15)
        assertError("type T { f(a: Int = {b: $c}): Int }", #"Unexpected variable "$c" in constant value."#, 1, 25)
        assertError("query Q($a: Int @d(x: $y)) { a }", #"Unexpected variable "$y" in constant value."#, 1, 23)
        assertError("query Q($a: Int = $) { a }", #"Unexpected "$"."#, 1, 19)
    }

    func testMisplacedDescriptions() {
        assertError("\"d\" { a }", "Unexpected description, descriptions are not supported on shorthand queries.", 1, 1)
        assertError("\"d\" extend type T @d", "Unexpected description, only GraphQL definitions support descriptions.", 1, 1)
        assertError("\"\"\"d\"\"\" foo", "Unexpected description, only GraphQL definitions support descriptions.", 1, 1)
        assertError("\"d\"", "Unexpected <EOF>.", 1, 4)
        assertError("\"d\" \"e\" type T", #"Unexpected String "e"."#, 1, 5)
        assertError("type T { f: Int \"dangling\" }", #"Expected Name, found "}"."#, 1, 28)
    }

    func testReservedEnumValues() {
        assertError("enum E { A true }", #"Name "true" is reserved and cannot be used for an enum value."#, 1, 12)
        assertError("enum E { false }", #"Name "false" is reserved and cannot be used for an enum value."#, 1, 10)
        assertError("extend enum E { null }", #"Name "null" is reserved and cannot be used for an enum value."#, 1, 17)
    }

    func testUnknownDirectiveLocation() {
        assertError("directive @d on FIELD | FOO", #"Unexpected Name "FOO"."#, 1, 25)
        assertError("directive @d on field", #"Unexpected Name "field"."#, 1, 17)
    }

    func testExtensionsMustAddSomething() {
        assertError("extend type T", "Unexpected <EOF>.", 1, 14)
        assertError("extend scalar S type T", #"Unexpected Name "type"."#, 1, 17)
        assertError("extend schema", "Unexpected <EOF>.", 1, 14)
        assertError("extend interface I", "Unexpected <EOF>.", 1, 19)
        assertError("extend union U", "Unexpected <EOF>.", 1, 15)
        assertError("extend enum E", "Unexpected <EOF>.", 1, 14)
        assertError("extend input In", "Unexpected <EOF>.", 1, 16)
        assertError("extend directive @d", #"Unexpected Name "directive"."#, 1, 8)
        assertError("extend", "Unexpected <EOF>.", 1, 7)
    }

    func testLexicalErrorsSurfaceThroughTheParser() {
        assertError("{ a(b: 0x1) }", #"Invalid number, expected digit but got: "x"."#, 1, 9)
        assertError("query {\n  a(b: \"open)\n}", "Unterminated string.", 2, 14)
        assertError("{ a \u{7} }", "Unexpected character: U+0007.", 1, 5)
        assertError("{ a(b: \"\\u{D800}\") }", #"Invalid Unicode escape sequence: "\u{D800}"."#, 1, 9)
    }

    func testCutInsideAMultiByteCharacterReportsInvalidUTF8() {
        let bytes = Array("\"café\"".utf8)
        let source = SourceFile(path: "cut.graphql", bytes: Array(bytes[0..<5]))
        let diagnostic = GraphQLTesting.syntaxError { try Parser.parseValue(source) }
        XCTAssertEqual(diagnostic?.message, "Syntax Error: Invalid UTF-8 byte: 0xC3.")
        XCTAssertEqual(diagnostic?.span?.range?.start.column, 5)
    }

    func testErrorsOfValueAndTypeEntryPoints() {
        let value = GraphQLTesting.syntaxError { try Parser.parseValue(GraphQLTesting.source("1 2")) }
        XCTAssertEqual(value?.message, #"Syntax Error: Expected <EOF>, found Int "2"."#)
        XCTAssertEqual(value?.span?.range?.start.column, 3)
        let constant = GraphQLTesting.syntaxError { try Parser.parseValue(GraphQLTesting.source("[$a]"), isConstant: true) }
        XCTAssertEqual(constant?.message, #"Syntax Error: Unexpected variable "$a" in constant value."#)
        let type = GraphQLTesting.syntaxError { try Parser.parseType(GraphQLTesting.source("[Int")) }
        XCTAssertEqual(type?.message, #"Syntax Error: Expected "]", found <EOF>."#)
        let doubleBang = GraphQLTesting.syntaxError { try Parser.parseType(GraphQLTesting.source("Int!!")) }
        XCTAssertEqual(doubleBang?.message, #"Syntax Error: Expected <EOF>, found "!"."#)
        let empty = GraphQLTesting.syntaxError { try Parser.parseValue(GraphQLTesting.source("")) }
        XCTAssertEqual(empty?.message, "Syntax Error: Unexpected <EOF>.")
    }
}

/// Deep nesting must fail cleanly instead of exhausting the stack.
final class NestingLimitTests: XCTestCase {
    func testNestingUpToTheLimitParses() throws {
        let depth = Parser.maximumDepth
        let value = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        XCTAssertNoThrow(try Parser.parseValue(GraphQLTesting.source(value)))
        let type = String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth)
        XCTAssertNoThrow(try Parser.parseType(GraphQLTesting.source(type)))
        let query = String(repeating: "{ a ", count: depth) + String(repeating: "}", count: depth)
        XCTAssertNoThrow(try Parser.parseDocument(GraphQLTesting.source(query)))
    }

    func testHostileNestingIsASyntaxError() {
        let limit = Parser.maximumDepth
        let message = "Syntax Error: Nesting is too deep: more than \(limit) levels."
        for text in [String(repeating: "[", count: 100_000), String(repeating: "{a:", count: 100_000)] {
            let diagnostic = GraphQLTesting.syntaxError { try Parser.parseValue(GraphQLTesting.source(text)) }
            XCTAssertEqual(diagnostic?.message, message)
        }
        let type = GraphQLTesting.syntaxError { try Parser.parseType(GraphQLTesting.source(String(repeating: "[", count: 100_000))) }
        XCTAssertEqual(type?.message, message)
        let selections = GraphQLTesting.syntaxError {
            try Parser.parseDocument(GraphQLTesting.source(String(repeating: "{ a ", count: 100_000)))
        }
        XCTAssertEqual(selections?.message, message)
        XCTAssertEqual(selections?.span?.range?.start.column, limit * 4 + 1)
    }
}
