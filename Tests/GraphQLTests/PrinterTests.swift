import Diagnostics
import GraphQL
import GraphQLTestSupport
import XCTest

final class PrinterTests: XCTestCase {
    /// Parses `text` and prints it again.
    private func reprint(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        Printer.print(try GraphQLTesting.parse(text, file: file, line: line))
    }

    func testOperations() throws {
        XCTAssertEqual(try reprint("query { a }"), "{\n  a\n}")
        XCTAssertEqual(try reprint("query Q { a b }"), "query Q {\n  a\n  b\n}")
        XCTAssertEqual(
            try reprint("query ($v: [Int!]! = [1] @d, $w: In = {a: 1}) @dir { a }"),
            "query ($v: [Int!]! = [1] @d, $w: In = {a: 1}) @dir {\n  a\n}")
        XCTAssertEqual(try reprint("mutation { a }"), "mutation {\n  a\n}")
        XCTAssertEqual(try reprint("subscription S @d { a }"), "subscription S @d {\n  a\n}")
    }

    func testSelections() throws {
        let printed = try reprint("{ x: f(a: 1, b: $b) @skip(if: true) { ...F @d ... on T { g } ... @include(if: $c) { h } } }")
        XCTAssertEqual(printed, """
            {
              x: f(a: 1, b: $b) @skip(if: true) {
                ...F @d
                ... on T {
                  g
                }
                ... @include(if: $c) {
                  h
                }
              }
            }
            """)
    }

    func testLongArgumentListsWrap() throws {
        let printed = try reprint("{ field(first: 100, after: \"a-rather-long-cursor-value\", orderBy: {createdAt: DESC}, where: $w) }")
        XCTAssertEqual(printed, """
            {
              field(
                first: 100
                after: "a-rather-long-cursor-value"
                orderBy: {createdAt: DESC}
                where: $w
              )
            }
            """)
    }

    func testFragmentDefinition() throws {
        XCTAssertEqual(try reprint("fragment F on T @d { a }"), "fragment F on T @d {\n  a\n}")
        XCTAssertEqual(try reprint("fragment F on T { a }"), "fragment F on T {\n  a\n}")
    }

    func testExecutableDescriptions() throws {
        let printed = try reprint(#"""
            """Op"""
            query Q("Var" $a: Int, $b: Int) { a }
            "Frag" fragment F on T { a }
            """#)
        XCTAssertEqual(printed, #"""
            """Op"""
            query Q(
              "Var"
              $a: Int
              $b: Int
            ) {
              a
            }

            "Frag"
            fragment F on T {
              a
            }
            """#)
    }

    func testValues() throws {
        let value = try Parser.parseValue(GraphQLTesting.source(#"[1, -2.5e3, "s", true, false, null, ENUM, $v, [], {}, {a: [{b: 1}]}]"#))
        XCTAssertEqual(Printer.print(value), #"[1, -2.5e3, "s", true, false, null, ENUM, $v, [], {}, {a: [{b: 1}]}]"#)
    }

    func testStringEscaping() {
        let value = Value.string(StringValue("quote \" backslash \\ newline \n tab \t bell \u{7} del \u{7F} é 😀"))
        XCTAssertEqual(Printer.print(value), #""quote \" backslash \\ newline \n tab \t bell \u0007 del \u007F é 😀""#)
    }

    func testBlockStringForms() {
        func block(_ value: String) -> String { Printer.print(Value.string(StringValue(value, isBlockString: true))) }
        XCTAssertEqual(block("short"), #""""short""""#)
        XCTAssertEqual(block("  indented"), #""""  indented""""#)
        XCTAssertEqual(block("two\nlines"), "\"\"\"\ntwo\nlines\n\"\"\"")
        XCTAssertEqual(block("first\n  indented rest"), "\"\"\"\nfirst\n  indented rest\n\"\"\"")
        XCTAssertEqual(block("ends with \""), "\"\"\"\nends with \"\n\"\"\"")
        XCTAssertEqual(block("ends with \\"), "\"\"\"\nends with \\\n\"\"\"")
        XCTAssertEqual(block("has \"\"\" inside"), #""""has \""" inside""""#)
        XCTAssertEqual(block(String(repeating: "x", count: 71)), "\"\"\"\n" + String(repeating: "x", count: 71) + "\n\"\"\"")
    }

    func testIndentedBlockDescriptionsReadBackUnchanged() throws {
        let text = "query Q(\n  \"\"\"\n  Line one.\n    Indented.\n\n  Last.\n  \"\"\"\n  $a: Int\n) {\n  f\n}"
        XCTAssertEqual(try reprint(text), text)
        let document = try GraphQLTesting.parse(text)
        guard case .operation(let query) = document.definitions.first else { return XCTFail("expected an operation") }
        XCTAssertEqual(query.variableDefinitions.first?.description?.value, "Line one.\n  Indented.\n\nLast.")
    }

    func testTypeSystemDefinitionsAreLeftOut() throws {
        XCTAssertEqual(try reprint("type T { f: Int }\nquery Q { a }\nextend scalar S @d\nfragment F on T { f }"),
                       "query Q {\n  a\n}\n\nfragment F on T {\n  f\n}")
    }

    func testEmptyDocumentPrintsAsNothing() throws {
        XCTAssertEqual(try reprint("# nothing here"), "")
    }
}
