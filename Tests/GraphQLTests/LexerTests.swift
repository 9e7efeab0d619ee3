import Diagnostics
import GraphQL
import XCTest

final class LexerTests: XCTestCase {
    /// Kind and text of every token in `text`.
    private func tokens(_ text: String) throws -> [(TokenKind, String)] {
        var lexer = Lexer(source: GraphQLTesting.source(text))
        var result: [(TokenKind, String)] = []
        while true {
            let token = try lexer.next()
            if token.kind == .endOfFile { return result }
            result.append((token.kind, lexer.text(of: token)))
        }
    }

    private func kinds(_ text: String) throws -> [TokenKind] {
        try tokens(text).map(\.0)
    }

    func testEveryPunctuator() throws {
        XCTAssertEqual(
            try kinds("! $ & ( ) ... : = @ [ ] { | }"),
            [.bang, .dollar, .ampersand, .parenLeft, .parenRight, .spread, .colon, .equals, .at, .bracketLeft,
             .bracketRight, .braceLeft, .pipe, .braceRight])
    }

    func testPunctuatorsNeedNoSeparation() throws {
        XCTAssertEqual(try kinds("...on{a}"), [.spread, .name, .braceLeft, .name, .braceRight])
        XCTAssertEqual(try kinds("[Int!]!"), [.bracketLeft, .name, .bang, .bracketRight, .bang])
    }

    func testNames() throws {
        let names = try tokens("_ a Z _under_score camelCase123 __typename")
        XCTAssertEqual(names.map(\.0), Array(repeating: .name, count: 6))
        XCTAssertEqual(names.map(\.1), ["_", "a", "Z", "_under_score", "camelCase123", "__typename"])
    }

    func testNameStopsAtNonNameCharacter() throws {
        XCTAssertEqual(try tokens("ab-1").map(\.1), ["ab", "-1"])
    }

    func testValueKinds() throws {
        XCTAssertEqual(try kinds(#"1 1.5 "s" """b""" name"#), [.int, .float, .string, .blockString, .name])
    }

    func testIgnoredTokens() throws {
        let text = "\u{FEFF}a,,b\t# comment ! { }\r\nc\rd\n\u{FEFF}e"
        XCTAssertEqual(try tokens(text).map(\.1), ["a", "b", "c", "d", "e"])
    }

    func testCommentRunsToEndOfLineOnly() throws {
        XCTAssertEqual(try tokens("#a b c\nd #é ü 😀\r\ne").map(\.1), ["d", "e"])
        XCTAssertEqual(try kinds("# only a comment"), [])
    }

    func testEndOfFileRepeats() throws {
        var lexer = Lexer(source: GraphQLTesting.source("a"))
        XCTAssertEqual(try lexer.next().kind, .name)
        XCTAssertEqual(try lexer.next().kind, .endOfFile)
        XCTAssertEqual(try lexer.next().kind, .endOfFile)
    }

    func testEmptyInputIsJustEndOfFile() throws {
        var lexer = Lexer(source: GraphQLTesting.source(""))
        let token = try lexer.next()
        XCTAssertEqual(token.kind, .endOfFile)
        XCTAssertEqual(token.range.start, SourceLocation(offset: 0, line: 1, column: 1))
    }

    func testTokenRangesAndLocations() throws {
        var lexer = Lexer(source: GraphQLTesting.source("\n  query é { \"ü\" }\r\n\tx"))
        let query = try lexer.next()
        XCTAssertEqual(query.range.start, SourceLocation(offset: 3, line: 2, column: 3))
        XCTAssertEqual(query.range.end, SourceLocation(offset: 8, line: 2, column: 8))
        XCTAssertEqual(query.offsets, 3..<8)
        // `é` is not a name character.
        XCTAssertThrowsError(try lexer.next())
    }

    func testColumnsCountScalarsAfterNonASCIIStringsAndComments() throws {
        let source = GraphQLTesting.source("\"日本\" a # ü\n\u{FEFF}b \"\"\"😀\n é\"\"\" c")
        var lexer = Lexer(source: source)
        var locations: [SourceLocation] = []
        while true {
            let token = try lexer.next()
            locations.append(token.range.start)
            if token.kind == .endOfFile { break }
        }
        XCTAssertEqual(locations.map(\.description), ["1:1", "1:6", "2:2", "2:4", "3:7", "3:8"])
    }

    func testValueOfTokens() throws {
        let source = GraphQLTesting.source(#"name -1.5e3 "a\nb" """  x""" ("#)
        var lexer = Lexer(source: source)
        var values: [String?] = []
        for _ in 0..<5 { values.append(lexer.value(of: try lexer.next())) }
        XCTAssertEqual(values, ["name", "-1.5e3", "a\nb", "  x", nil], "the first line of a block string keeps its indentation")
    }

    func testTokenKindDescriptionsMatchGraphQLJS() {
        XCTAssertEqual(TokenKind.endOfFile.description, "<EOF>")
        XCTAssertEqual(TokenKind.braceRight.description, "\"}\"")
        XCTAssertEqual(TokenKind.spread.description, "\"...\"")
        XCTAssertEqual(TokenKind.name.description, "Name")
        XCTAssertEqual(TokenKind.blockString.description, "BlockString")
    }

    func testUnexpectedCharacters() {
        assertLexError("\u{07}", "Syntax Error: Unexpected character: U+0007.", column: 1)
        assertLexError("a ~", "Syntax Error: Unexpected character: \"~\".", column: 3)
        assertLexError("a ?", "Syntax Error: Unexpected character: \"?\".", column: 3)
        assertLexError("é", "Syntax Error: Unexpected character: U+00E9.", column: 1)
        assertLexError("  😀", "Syntax Error: Unexpected character: U+1F600.", column: 3)
        assertLexError("'a'", "Syntax Error: Unexpected single quote character ('), did you mean to use a double quote (\")?", column: 1)
        assertLexError("..", "Syntax Error: Unexpected character: \".\".", column: 1)
        assertLexError(". ..", "Syntax Error: Unexpected character: \".\".", column: 1)
        assertLexError("\u{0}", "Syntax Error: Unexpected character: U+0000.", column: 1)
        assertLexError("\u{FEFF}\u{200B}", "Syntax Error: Unexpected character: U+200B.", column: 2)
    }

    func testInvalidUTF8() {
        for bytes: [UInt8] in [[0xFF], [0xC3], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0x80]] {
            let source = SourceFile(path: "bad.graphql", bytes: Array("a ".utf8) + bytes)
            var lexer = Lexer(source: source)
            XCTAssertNoThrow(try lexer.next())
            let diagnostic = GraphQLTesting.syntaxError { try lexer.next() }
            XCTAssertTrue(diagnostic?.message.hasPrefix("Syntax Error: Invalid UTF-8 byte: 0x") ?? false)
            XCTAssertEqual(diagnostic?.span?.range?.start.column, 3)
        }
        let inComment = SourceFile(path: "bad.graphql", bytes: Array("# x ".utf8) + [0xFE] + Array("\na".utf8))
        var lexer = Lexer(source: inComment)
        let diagnostic = GraphQLTesting.syntaxError { try lexer.next() }
        XCTAssertEqual(diagnostic?.message, "Syntax Error: Invalid UTF-8 byte: 0xFE.")
        XCTAssertEqual(diagnostic?.span?.range?.start.column, 5)
    }

    func assertLexError(_ text: String, _ message: String, column: Int, file: StaticString = #filePath, line: UInt = #line) {
        var lexer = Lexer(source: GraphQLTesting.source(text))
        var diagnostic: Diagnostic?
        do {
            while try lexer.next().kind != .endOfFile {}
            XCTFail("no error for \(text.debugDescription)", file: file, line: line)
        } catch let error as DiagnosticError {
            diagnostic = error.diagnostics.first
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
        XCTAssertEqual(diagnostic?.message, message, file: file, line: line)
        XCTAssertEqual(diagnostic?.severity, .error, file: file, line: line)
        XCTAssertEqual(diagnostic?.span?.range?.start.column, column, file: file, line: line)
    }
}
