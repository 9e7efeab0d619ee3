import XCTest
@testable import SwiftEmitter

final class SwiftWriterTests: XCTestCase {
    func testBlocksIndentByFourSpaces() {
        var writer = SwiftWriter()
        writer.block("struct A") { writer in
            writer.line("var x: Int")
            writer.block("func f()") { writer in
                writer.line("x += 1")
            }
        }
        XCTAssertEqual(writer.text, "struct A {\n    var x: Int\n    func f() {\n        x += 1\n    }\n}\n")
    }

    /// A file's text ends in exactly one line break, also when nothing or blank lines were written last.
    func testTextEndsInOneLineBreak() {
        var writer = SwiftWriter()
        XCTAssertEqual(writer.text, "\n")
        writer.line("let a = 1")
        writer.blank()
        writer.line("")
        writer.line("")
        XCTAssertEqual(writer.text, "let a = 1\n")
    }

    /// Blank doc text writes nothing, whatever its white space; any visible character counts.
    func testBlankTextIsFoundWithoutMissingUnicodeSpaces() {
        for blank in ["", " ", "\t\n  ", "\u{00A0}", " \u{2003}\n"] { XCTAssertTrue(SwiftWriter.isBlank(blank), "\(Array(blank.unicodeScalars))") }
        for visible in ["x", " x", "\u{00A0}é", "\n\t-"] { XCTAssertFalse(SwiftWriter.isBlank(visible), visible) }
        var writer = SwiftWriter()
        writer.doc("\u{00A0}\u{2003}")
        writer.doc("Kept.")
        XCTAssertEqual(writer.text, "/// Kept.\n")
    }

    func testBlankLinesAreCollapsedAndNeverTouchBraces() {
        var writer = SwiftWriter()
        writer.blank()
        writer.line("a")
        writer.blank()
        writer.blank()
        writer.block("b") { writer in
            writer.blank()
            writer.line("c")
            writer.blank()
        }
        writer.blank()
        XCTAssertEqual(writer.text, "a\n\nb {\n    c\n}\n")
    }

    func testSwitchCasesSitAtTheSwitchLevel() {
        var writer = SwiftWriter()
        writer.block("var x: Int") { writer in
            writer.switchBlock("y") { writer in
                writer.line("case 1: return 1")
                writer.line("default: return 0")
            }
        }
        XCTAssertEqual(writer.text, "var x: Int {\n    switch y {\n    case 1: return 1\n    default: return 0\n    }\n}\n")
    }

    func testDocCommentsTrimAndSkipEmptyText() {
        var writer = SwiftWriter()
        writer.doc(nil)
        writer.doc("  \n ")
        writer.doc("\nFirst line.  \n\n  Indented.\n")
        XCTAssertEqual(writer.text, "/// First line.\n///\n///   Indented.\n")
    }

    func testBlockClosingSuffix() {
        var writer = SwiftWriter()
        writer.block("static let x: Int =", closing: "()") { writer in
            writer.line("return 1")
        }
        XCTAssertEqual(writer.text, "static let x: Int = {\n    return 1\n}()\n")
    }

    func testStringLiteralsEscapeSpecialCharacters() {
        XCTAssertEqual(SwiftLiteral.string("plain"), "\"plain\"")
        XCTAssertEqual(SwiftLiteral.string("a\"b\\c\nd\te\u{1}"), "\"a\\\"b\\\\c\\nd\\te\\u{1}\"")
        XCTAssertEqual(SwiftLiteral.string("\\(x)"), "\"\\\\(x)\"")
    }

    func testSecondsLiterals() {
        XCTAssertEqual(SwiftLiteral.seconds(30), "30")
        XCTAssertEqual(SwiftLiteral.seconds(0), "0")
        XCTAssertEqual(SwiftLiteral.seconds(0.5), "0.5")
        XCTAssertEqual(SwiftLiteral.seconds(3600), "3600")
    }
}

extension SwiftWriterTests {
    /// Lines of many pieces, and lines longer than the bytes `Pieces` holds in place, keep every
    /// piece in order.
    func testLinesKeepEveryPieceInOrder() {
        let (a, b, c, d, e) = ("a", "b", "c", "d", "e")
        let long = String(repeating: "x", count: 250)
        var writer = SwiftWriter()
        writer.block("struct \(a)\(b)") { writer in
            writer.line("\(a) \(b) \(c) \(d) \(e) \(a)\(b)\(c)")
            writer.line("\(long)\(a)\(b)\(long)\(c)")
            writer.line("\("")\("")")
        }
        XCTAssertEqual(writer.text, "struct ab {\n    a b c d e abc\n    \(long)ab\(long)c\n\n}\n")
    }

    /// Every line break a description may hold starts a new comment line, so no part of it
    /// becomes code.
    func testCommentsEndOnlyWhereTheyStartANewCommentLine() {
        var writer = SwiftWriter()
        writer.doc("A.\rpublic func evil() {}\r\nB.\u{2028}C.\nD.")
        writer.comment("x\ry")
        XCTAssertEqual(writer.text, "/// A.\n/// public func evil() {}\n/// B.\n/// C.\n/// D.\n// x\n// y\n")
    }
}

extension SwiftWriterTests {
    func testSignatureBlocksStayOnOneLineWhenTheyFit() {
        var writer = SwiftWriter()
        writer.signatureBlock("func f", ["a: Int", "b: String"], " -> Bool") { writer in writer.line("true") }
        writer.signatureBlock("func g", [], "") { writer in writer.line("()") }
        XCTAssertEqual(writer.text, "func f(a: Int, b: String) -> Bool {\n    true\n}\nfunc g() {\n    ()\n}\n")
    }

    func testLongSignaturesPutOneParameterPerLineWithoutATrailingComma() {
        let parameters = (1...4).map { "parameter\($0): " + String(repeating: "T", count: 25) }
        var writer = SwiftWriter()
        writer.block("struct S") { writer in
            writer.signatureBlock("public func f", parameters, " -> Int") { writer in writer.line("0") }
        }
        let expected = ["struct S {", "    public func f("]
            + parameters.enumerated().map { "        " + $1 + ($0 < 3 ? "," : "") }
            + ["    ) -> Int {", "        0", "    }", "}", ""]
        XCTAssertEqual(writer.text, expected.joined(separator: "\n"))
    }

    func testEqualityMethods() {
        var writer = SwiftWriter()
        SwiftRenderer.write(Declaration(.function(SupportDeclarations.equalityMethod(typeName: "Empty", []))), into: &writer)
        SwiftRenderer.write(Declaration(.function(SupportDeclarations.equalityMethod(typeName: "`Type`", ["a", "`b`"]))), into: &writer)
        XCTAssertEqual(writer.text, """
            func isEqual(to other: Empty) -> Bool {
                true
            }
            func isEqual(to other: `Type`) -> Bool {
                Compare.equal(self.a, other.a)
                    && Compare.equal(self.`b`, other.`b`)
            }

            """)
    }
}
