import XCTest
@testable import SwiftEmitter

/// The layout `SwiftRenderer` gives the declaration model; whole files are covered by the golden tests.
final class SwiftRendererTests: XCTestCase {
    private func text(_ declarations: [Declaration]) -> String {
        var writer = SwiftWriter()
        SwiftRenderer.write(declarations, into: &writer)
        return writer.text
    }

    private func function(_ head: String, _ parameters: [String], tail: String = "", _ body: Body) -> Declaration {
        Declaration(.function(Function(modifiers: .init(), head: head, parameters: parameters, tail: tail, body: body)))
    }

    private func stored(_ name: String) -> Declaration {
        Declaration(.property(Property(name: name, type: "Int")))
    }

    func testMembersIndentByFourSpacesWithABlankLineBetweenEachTwo() {
        let type = Declaration.type("struct", "A", ["Sendable"], [
            stored("x"),
            function("func f", [], .block([.nested("if x > 0 {", [.line("x += 1")], "}")])),
        ], modifiers: .init())
        XCTAssertEqual(text([type]), "struct A: Sendable {\n    public var x: Int\n\n    func f() {\n        if x > 0 {\n            x += 1\n        }\n    }\n}\n")
    }

    func testGroupsHaveNoBlankLinesAndEmptyOnesLeaveNone() {
        let type = Declaration.type("enum", "E", [], [
            .init(.group([.init(.enumCase("a")), .init(.enumCase("b = \"b\""))])),
            .init(.group([])),
            .init(.comment("MARK: Rest")),
            .init(.typeAlias(.public, name: "T", type: "Int")),
        ])
        XCTAssertEqual(text([type, .type("extension", "E", ["Sendable"], [])]), """
            public enum E {
                case a
                case b = "b"

                // MARK: Rest

                public typealias T = Int
            }

            public extension E: Sendable {}

            """)
    }

    func testBodiesInlineOrInBlocks() {
        XCTAssertEqual(text([.init(.group([
            function("init", ["from decoder: any Decoder"], tail: " throws", .inline("")),
            function("init?", ["intValue: Int"], .inline("nil")),
            function("func isEqual", ["to other: Self"], tail: " -> Bool", .none),
            .init(.property(Property(modifiers: .static, keyword: "let", name: "x", type: "Int",
                                     value: .initializer(.nested("{", [.line("return 1")], "}()"))))),
            .init(.property(Property(attributes: ["@OptionalVariable"], name: "y", type: "Int?"))),
        ]))]), """
            init(from decoder: any Decoder) throws {}
            init?(intValue: Int) { nil }
            func isEqual(to other: Self) -> Bool
            static let x: Int = {
                return 1
            }()
            @OptionalVariable public var y: Int?

            """)
    }

    func testSwitchCasesSitAtTheSwitchLevel() {
        let property = Property(name: "x", type: "Int", value: .getter(.block([.switch("y", ["case 1: return 1", "default: return 0"])])))
        XCTAssertEqual(text([.init(.property(property))]), "public var x: Int {\n    switch y {\n    case 1: return 1\n    default: return 0\n    }\n}\n")
    }

    func testSignaturesStayOnOneLineWhenTheyFit() {
        XCTAssertEqual(text([.init(.group([
            function("func f", ["a: Int", "b: String"], tail: " -> Bool", .block([.line("true")])),
            function("func g", [], .block([.line("()")])),
        ]))]), "func f(a: Int, b: String) -> Bool {\n    true\n}\nfunc g() {\n    ()\n}\n")
    }

    func testLongSignaturesPutOneParameterPerLineWithoutATrailingComma() {
        let parameters = (1...4).map { "parameter\($0): " + String(repeating: "T", count: 25) }
        let type = Declaration.type("struct", "S", [], [.init(.function(Function(
            attributes: ["@MainActor"], head: "func f", parameters: parameters, tail: " -> Int", body: .block([.line("0")]))))], modifiers: .init())
        let expected = ["struct S {", "    @MainActor", "    public func f("]
            + parameters.enumerated().map { "        " + $1 + ($0 < 3 ? "," : "") }
            + ["    ) -> Int {", "        0", "    }", "}", ""]
        XCTAssertEqual(text([type]), expected.joined(separator: "\n"))
    }

    /// A list wraps when its line, indentation included, would pass 120 columns (118 here, 122 one level deeper).
    func testListsWrapAtTheLineLimit() {
        let items = ["a", String(repeating: "b", count: 105)]
        let fits = Code.list("let x = [", items, "]")
        var writer = SwiftWriter()
        SwiftRenderer.write(fits, into: &writer)
        writer.indented { writer in SwiftRenderer.write(fits, into: &writer) }
        XCTAssertEqual(writer.text, "let x = [a, \(items[1])]\n    let x = [\n        a,\n        \(items[1])\n    ]\n")
    }

    func testDocCommentsTrimAndSkipBlankText() {
        XCTAssertEqual(text([
            Declaration(doc: "  \n ", .enumCase("a")),
            Declaration(doc: "\u{00A0}\u{2003}", .enumCase("b")),
            Declaration(doc: "\nFirst line.  \n\n  Indented.\n", .enumCase("c")),
        ]), "case a\n\ncase b\n\n/// First line.\n///\n///   Indented.\ncase c\n")
    }

    func testEqualityMethods() {
        XCTAssertEqual(text([
            .init(.function(SupportDeclarations.equalityMethod(typeName: "Empty", []))),
            .init(.function(SupportDeclarations.equalityMethod(typeName: "`Type`", ["a", "`b`"]))),
        ]), """
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

/// The renderer's output buffer and literal spellings.
final class SwiftWriterTests: XCTestCase {
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
    }

    func testBlankLinesAreCollapsedAndNeverTouchBraces() {
        var writer = SwiftWriter()
        writer.blank()
        writer.line("a")
        writer.blank()
        writer.blank()
        writer.line("b {")
        writer.indented { writer in
            writer.blank()
            writer.line("c")
            writer.blank()
        }
        writer.close("}")
        writer.blank()
        XCTAssertEqual(writer.text, "a\n\nb {\n    c\n}\n")
    }

    /// Every line break a description may hold starts a new comment line, so no part of it
    /// becomes code.
    func testCommentsEndOnlyWhereTheyStartANewCommentLine() {
        var writer = SwiftWriter()
        writer.doc("A.\rpublic func evil() {}\r\nB.\u{2028}C.\nD.")
        writer.comment("x\ry")
        XCTAssertEqual(writer.text, "/// A.\n/// public func evil() {}\n/// B.\n/// C.\n/// D.\n// x\n// y\n")
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
