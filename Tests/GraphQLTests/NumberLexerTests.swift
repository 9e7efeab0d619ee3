import Diagnostics
import GraphQL
import XCTest

final class NumberLexerTests: XCTestCase {
    private func token(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> (TokenKind, String) {
        var lexer = Lexer(source: GraphQLTesting.source(text))
        let token = try lexer.next()
        XCTAssertEqual(try lexer.next().kind, .endOfFile, file: file, line: line)
        return (token.kind, lexer.text(of: token))
    }

    private func assertError(_ text: String, _ message: String, column: Int, file: StaticString = #filePath, line: UInt = #line) {
        var lexer = Lexer(source: GraphQLTesting.source(text))
        let diagnostic = GraphQLTesting.syntaxError({ while try lexer.next().kind != .endOfFile {} }, file: file, line: line)
        XCTAssertEqual(diagnostic?.message, "Syntax Error: " + message, file: file, line: line)
        XCTAssertEqual(diagnostic?.span?.range?.start.column, column, file: file, line: line)
    }

    func testIntegers() throws {
        for text in ["0", "-0", "4", "-4", "9", "1234567890", "-9876543210"] {
            let (kind, written) = try token(text)
            XCTAssertEqual(kind, .int, text)
            XCTAssertEqual(written, text)
        }
    }

    func testFloats() throws {
        for text in ["0.0", "-0.5", "4.123", "123e4", "123E4", "123e-4", "123e+4", "-1.123e4", "-1.123E-4", "-1.123e4567", "0e0"] {
            let (kind, written) = try token(text)
            XCTAssertEqual(kind, .float, text)
            XCTAssertEqual(written, text)
        }
    }

    func testNumbersEndAtPunctuatorsAndWhiteSpace() throws {
        var lexer = Lexer(source: GraphQLTesting.source("[1,2.5]3)"))
        var kinds: [TokenKind] = []
        while true {
            let token = try lexer.next()
            if token.kind == .endOfFile { break }
            kinds.append(token.kind)
        }
        XCTAssertEqual(kinds, [.bracketLeft, .int, .float, .bracketRight, .int, .parenRight])
    }

    func testLookaheadRestrictions() {
        assertError("0x1F", #"Invalid number, expected digit but got: "x"."#, column: 2)
        assertError("123abc", #"Invalid number, expected digit but got: "a"."#, column: 4)
        assertError("1.5_", #"Invalid number, expected digit but got: "_"."#, column: 4)
        assertError("1.2.3", #"Invalid number, expected digit but got: "."."#, column: 4)
        assertError("1e5e", #"Invalid number, expected digit but got: "e"."#, column: 4)
    }

    func testMissingDigits() {
        assertError("1.", "Invalid number, expected digit but got: <EOF>.", column: 3)
        assertError("1. ", "Invalid number, expected digit but got: \" \".", column: 3)
        assertError("1.e1", #"Invalid number, expected digit but got: "e"."#, column: 3)
        assertError("-", "Invalid number, expected digit but got: <EOF>.", column: 2)
        assertError("-a", #"Invalid number, expected digit but got: "a"."#, column: 2)
        assertError("1e", "Invalid number, expected digit but got: <EOF>.", column: 3)
        assertError("1e+", "Invalid number, expected digit but got: <EOF>.", column: 4)
        assertError("1.\"", "Invalid number, expected digit but got: '\"'.", column: 3)
        assertError("1.\u{7}", "Invalid number, expected digit but got: U+0007.", column: 3)
    }

    func testLeadingZeros() {
        assertError("00", #"Invalid number, unexpected digit after 0: "0"."#, column: 2)
        assertError("-01", #"Invalid number, unexpected digit after 0: "1"."#, column: 3)
    }

    func testNumbersCannotStartWithADot() {
        assertError(".5", #"Unexpected character: "."."#, column: 1)
        assertError("+1", #"Unexpected character: "+"."#, column: 1)
    }
}
