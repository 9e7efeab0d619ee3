import Diagnostics
import GraphQL
import XCTest

final class StringLexerTests: XCTestCase {
    /// The value of the single string token in `text`.
    private func value(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        var lexer = Lexer(source: GraphQLTesting.source(text))
        let token = try lexer.next()
        XCTAssertTrue(token.kind == .string || token.kind == .blockString, file: file, line: line)
        XCTAssertEqual(try lexer.next().kind, .endOfFile, file: file, line: line)
        return lexer.value(of: token)
    }

    private func assertError(_ text: String, _ message: String, column: Int, file: StaticString = #filePath, line: UInt = #line) {
        var lexer = Lexer(source: GraphQLTesting.source(text))
        let diagnostic = GraphQLTesting.syntaxError({ try lexer.next() }, file: file, line: line)
        XCTAssertEqual(diagnostic?.message, "Syntax Error: " + message, file: file, line: line)
        XCTAssertEqual(diagnostic?.span?.range?.start.column, column, file: file, line: line)
    }

    // MARK: - Strings

    func testPlainStrings() throws {
        XCTAssertEqual(try value(#""""#), "")
        XCTAssertEqual(try value(#""simple""#), "simple")
        XCTAssertEqual(try value(#"" white space ""#), " white space ")
        XCTAssertEqual(try value(#""unicode ü 日本 😀""#), "unicode ü 日本 😀")
        XCTAssertEqual(try value("\"tab\there\""), "tab\there")
    }

    func testSimpleEscapes() throws {
        XCTAssertEqual(try value(#""quote \" backslash \\ slash \/""#), #"quote " backslash \ slash /"#)
        XCTAssertEqual(try value(#""\b\f\n\r\t""#), "\u{08}\u{0C}\n\r\t")
    }

    func testFixedWidthUnicodeEscapes() throws {
        XCTAssertEqual(try value(#""\u0041\u00e9\u65E5""#), "Aé日")
        XCTAssertEqual(try value(#""\u0000""#), "\u{0}")
    }

    func testVariableWidthUnicodeEscapes() throws {
        XCTAssertEqual(try value(#""\u{41}\u{1F600}\u{0}""#), "A😀\u{0}")
        XCTAssertEqual(try value(#""\u{00000041}""#), "A", "leading zeros, up to 12 characters in all")
        XCTAssertEqual(try value(#""\u{10FFFF}""#), "\u{10FFFF}")
    }

    func testSurrogatePairEscapes() throws {
        XCTAssertEqual(try value(#""\uD83D\uDE00""#), "😀")
        XCTAssertEqual(try value(#""a\uD83D\uDE00b""#), "a😀b")
    }

    func testInvalidEscapes() {
        assertError(#""\x""#, #"Invalid character escape sequence: "\x"."#, column: 2)
        assertError(#""a\z""#, #"Invalid character escape sequence: "\z"."#, column: 3)
        assertError(#""\u12""#, #"Invalid Unicode escape sequence: "\u12""."#, column: 2)
        assertError(#""\uXYZW""#, #"Invalid Unicode escape sequence: "\uXYZW"."#, column: 2)
        assertError(#""\u{D800}""#, #"Invalid Unicode escape sequence: "\u{D800}"."#, column: 2)
        assertError(#""\u{110000}""#, #"Invalid Unicode escape sequence: "\u{110000}"."#, column: 2)
        assertError(#""\u{}""#, #"Invalid Unicode escape sequence: "\u{}"."#, column: 2)
        assertError(#""\u{12X}""#, #"Invalid Unicode escape sequence: "\u{12X"."#, column: 2)
        assertError(#""\u{000000000041}""#, #"Invalid Unicode escape sequence: "\u{000000000"."#, column: 2)
    }

    func testLoneAndMismatchedSurrogates() {
        assertError(#""\uD83D""#, #"Invalid Unicode escape sequence: "\uD83D"."#, column: 2)
        assertError(#""\uDE00""#, #"Invalid Unicode escape sequence: "\uDE00"."#, column: 2)
        assertError(#""\uD83D\u0041""#, #"Invalid Unicode escape sequence: "\uD83D"."#, column: 2)
        assertError(#""\uD83Dx""#, #"Invalid Unicode escape sequence: "\uD83D"."#, column: 2)
        assertError(#""é\uDBFF\uDBFF""#, #"Invalid Unicode escape sequence: "\uDBFF"."#, column: 3)
    }

    func testUnterminatedStrings() {
        assertError("\"abc", "Unterminated string.", column: 5)
        assertError("\"abc\ndef\"", "Unterminated string.", column: 5)
        assertError("\"abc\r\"", "Unterminated string.", column: 5)
        assertError("\"", "Unterminated string.", column: 2)
        assertError("\"\\", #"Invalid character escape sequence: "\"."#, column: 2)
    }

    func testInvalidUTF8InString() {
        var lexer = Lexer(source: SourceFile(path: "s.graphql", bytes: [0x22, 0x61, 0xC3, 0x28, 0x22]))
        let diagnostic = GraphQLTesting.syntaxError { try lexer.next() }
        XCTAssertEqual(diagnostic?.message, "Syntax Error: Invalid UTF-8 byte: 0xC3.")
        XCTAssertEqual(diagnostic?.span?.range?.start.column, 3)
    }

    // MARK: - Block strings

    func testBlockStringsKeepEscapesAndQuotesRaw() throws {
        XCTAssertEqual(try value(#""""contains " quote""""#), #"contains " quote"#)
        XCTAssertEqual(try value(#""""no \n escapes \u0041""""#), #"no \n escapes \u0041"#)
        XCTAssertEqual(try value(#""""escaped \""" triple""""#), #"escaped """ triple"#)
        XCTAssertEqual(try value(#""""ends with \"""""""#), #"ends with """"#)
        XCTAssertEqual(try value(#""""""""#), "")
    }

    func testSpecIndentationExamples() throws {
        // Section 2.9.4 (String Value): both forms mean the same thing.
        let spaced = "\"\"\"\n    This starts with and ends with an empty line,\n    which makes it easier to read.\n\"\"\""
        let compact = "\"\"\"This does not start with or end with any empty lines,\n    which makes it a little harder to read.\"\"\""
        XCTAssertEqual(try value(spaced), "This starts with and ends with an empty line,\nwhich makes it easier to read.")
        XCTAssertEqual(try value(compact), "This does not start with or end with any empty lines,\nwhich makes it a little harder to read.")
    }

    func testCommonIndentIgnoresFirstAndBlankLines() throws {
        let text = "\"\"\"  first\n      deeper\n    base\n  \n    \n    last\n   \"\"\""
        XCTAssertEqual(try value(text), "  first\n  deeper\nbase\n\n\nlast")
    }

    func testTabsCountAsIndentation() throws {
        XCTAssertEqual(try value("\"\"\"\n\t\ta\n\t\t\tb\n\"\"\""), "a\n\tb")
    }

    func testLeadingAndTrailingBlankLinesAreRemoved() throws {
        XCTAssertEqual(try value("\"\"\"\n\n  \n  text\n \n\n\"\"\""), "text")
        XCTAssertEqual(try value("\"\"\"   \n   \"\"\""), "")
    }

    func testAllLineTerminatorsSplitLines() throws {
        XCTAssertEqual(try value("\"\"\"\r\n  a\r  b\n  c\r\n\"\"\""), "a\nb\nc")
    }

    func testBlockStringLocationsSpanLines() throws {
        let source = GraphQLTesting.source("a \"\"\"x\r\n  ü\ry\"\"\" b")
        var lexer = Lexer(source: source)
        _ = try lexer.next()
        let block = try lexer.next()
        XCTAssertEqual(block.range.start, SourceLocation(offset: 2, line: 1, column: 3))
        XCTAssertEqual(block.range.end, source.location(atOffset: block.range.end.offset))
        XCTAssertEqual(block.range.end.line, 3)
        let last = try lexer.next()
        XCTAssertEqual(last.range.start, source.location(atOffset: last.range.start.offset))
    }

    func testUnterminatedBlockString() {
        assertError("\"\"\"abc\n\"\"", "Unterminated string.", column: 3)
        assertError("\"\"\"abc \\\"\"\"", "Unterminated string.", column: 12)
    }

    /// Block strings are scanned eight bytes at a time; every special byte must be found wherever
    /// it falls within a word.
    func testSpecialBytesAtEveryAlignment() throws {
        for padding in 0..<20 {
            let lead = String(repeating: "x", count: padding + 1)
            let tail = String(repeating: "y", count: 20)
            XCTAssertEqual(try value("\"\"\"" + lead + "\"" + tail + "\"\"\""), lead + "\"" + tail)
            XCTAssertEqual(try value("\"\"\"" + lead + "\\\"\"\"" + tail + "\"\"\""), lead + "\"\"\"" + tail)
            XCTAssertEqual(try value("\"\"\"" + lead + "\n  " + tail + "\"\"\""), lead + "\n" + tail)
            XCTAssertEqual(try value("\"\"\"" + lead + "\r\n  é" + tail + "\"\"\""), lead + "\né" + tail)
            let source = GraphQLTesting.source("\"\"\"" + lead + "ü" + tail + "\"\"\" next")
            var lexer = Lexer(source: source)
            _ = try lexer.next()
            let next = try lexer.next()
            XCTAssertEqual(next.range.start, source.location(atOffset: next.range.start.offset))
            XCTAssertEqual(lexer.text(of: next), "next")
            XCTAssertEqual(try value("\"" + lead + "\\n" + tail + "\""), lead + "\n" + tail)
            XCTAssertEqual(try value("\"" + lead + "\\\"" + tail + "\""), lead + "\"" + tail)
            XCTAssertEqual(try value("# " + lead + "ü" + tail + "\n\"" + lead + "é" + tail + "\""), lead + "é" + tail)
            assertError("\"" + lead + "\n\"", "Unterminated string.", column: padding + 3)
        }
    }
}
