import Diagnostics
import XCTest
@testable import YAML

/// Every error the reader reports, with its exact wording and position.
final class YAMLErrorTests: XCTestCase {
    private func assertError(_ text: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(yamlErrors(text, file: file, line: line), [expected], file: file, line: line)
    }

    func testUnsupportedFeatures() {
        assertError("a: &x 1\n", "1:4: anchors (&name) are not supported")
        assertError("a: 1\nb: *x\n", "2:4: aliases (*name) are not supported")
        assertError("a: !!str 1\n", "1:4: tags (!tag) are not supported")
        assertError("- !Thing {}\n", "1:3: tags (!tag) are not supported")
        assertError("a: |\n  text\n", "1:4: block scalars ('|' and '>') are not supported; use a quoted scalar")
        assertError("a:\n  >-\n  text\n", "2:3: block scalars ('|' and '>') are not supported; use a quoted scalar")
        assertError("? a\n: b\n", "1:1: complex mapping keys ('? ') are not supported")
        assertError("[? a]\n", "1:2: complex mapping keys ('? ') are not supported")
        assertError("%YAML 1.2\n---\na: 1\n", "1:1: directives (%YAML, %TAG) are not supported")
        assertError("a: @x\n", "1:4: '@' cannot start a plain scalar; quote the value")
        assertError("a: [`x`]\n", "1:5: '`' cannot start a plain scalar; quote the value")
        assertError("&a b: 1\n", "1:1: anchors (&name) are not supported")
    }

    func testDocumentMarkerErrors() {
        assertError("a: 1\n---\nb: 2\n", "2:1: multiple documents in one file are not supported")
        assertError("---\n---\n", "2:1: multiple documents in one file are not supported")
        assertError("a: 1\n...\n---\nb: 2\n", "3:1: multiple documents in one file are not supported")
        assertError("a: 1\n...\nb: 2\n", "3:1: unexpected content after the document end marker '...'")
        assertError("a: \"x\n---\ny\"\n", "2:1: a document marker cannot appear inside a quoted scalar")
        assertError("a: [x,\n---\n]\n", "1:4: unterminated flow sequence; expected ']'")
    }

    func testTabIndentation() {
        assertError("a:\n\tb: 1\n", "2:1: tab characters cannot be used for indentation; use spaces")
        assertError("a:\n  \tb: 1\n", "2:3: tab characters cannot be used for indentation; use spaces")
    }

    func testTextAfterValues() {
        assertError("a: \"x\"#c\n", "1:7: a comment must be separated from the value by a space")
        assertError("a: \"x\" y\n", "1:8: unexpected text after the value")
        assertError("a: [x] y\n", "1:8: unexpected text after the value")
        assertError("\"x\" y\n", "1:5: unexpected text after the quoted scalar")
        assertError("[x] y\n", "1:5: unexpected text after the flow collection")
    }

    func testMappingStructureErrors() {
        assertError("a: b: c\n", "1:5: mapping values are not allowed here; quote the value if it contains ': '")
        assertError("a: 'b': c\n", "1:7: mapping values are not allowed here; quote the value if it contains ': '")
        assertError("a: 1\n  b: 2\n", "2:4: mapping values are not allowed here; quote the value if it contains ': '")
        assertError("a: - b\n", "1:4: a block sequence cannot start on the same line as its key; start it on the next line")
        assertError("a:\n  b: 1\n c: 2\n", "3:2: unexpected indentation: expected a key in column 1")
        assertError("a: 1\n- b\n", "2:1: expected a mapping key, found a sequence entry '-'")
        assertError("a: 1\nb\n", "2:2: expected ':' after the mapping key")
        assertError(": x\n", "1:1: expected a mapping key before ':'")
        assertError("\"a\n b\": 1\n", "1:1: a mapping key must fit on one line")
        assertError("a: 1\n[b]: 2\n", "2:1: flow collections cannot be mapping keys")
        assertError("[a]: 1\n", "1:1: flow collections cannot be mapping keys")
        assertError("k: [a]: 1\n", "1:4: flow collections cannot be mapping keys")
        assertError("a: ]\n", "1:4: unexpected ']'")
    }

    func testSequenceStructureErrors() {
        assertError("- [a]\n  - b\n", "2:3: unexpected indentation: expected '-' in column 1")
        assertError("- a\nb: 1\n", "2:1: unexpected content after the document; check the indentation")
    }

    func testQuotedScalarErrors() {
        assertError("a: \"x\n", "1:4: unterminated double-quoted scalar")
        assertError("a: 'x\n\n", "1:4: unterminated single-quoted scalar")
        assertError("a: \"x\\", "1:4: unterminated double-quoted scalar")
        assertError(#"a: "x\qy""#, #"1:6: unknown escape sequence '\q'"#)
        assertError(#"a: "\x4""#, #"1:5: '\x' must be followed by 2 hexadecimal digits"#)
        assertError(#"a: "\u12G4""#, #"1:5: '\u' must be followed by 4 hexadecimal digits"#)
        assertError(#"a: "\uD800""#, "1:5: escape sequence names an invalid Unicode code point")
        assertError(#"a: "\U00110000""#, "1:5: escape sequence names an invalid Unicode code point")
    }

    func testFlowErrors() {
        assertError("a: [1, 2\n", "1:4: unterminated flow sequence; expected ']'")
        assertError("a: {b: 1\n", "1:4: unterminated flow mapping; expected '}'")
        assertError("[\"a\" b]\n", "1:6: expected ',' or ']' in the flow sequence")
        assertError("{a: \"1\" b}\n", "1:9: expected ',' or '}' in the flow mapping")
        assertError("{[a]: 1}\n", "1:2: flow collections cannot be mapping keys")
        assertError("[[a]: 1]\n", "1:2: flow collections cannot be mapping keys")
        assertError("[- a]\n", "1:2: block sequence entries are not allowed inside a flow collection")
        assertError("[a, , b]\n", "1:5: unexpected ','")
    }

    func testDuplicateKeysAreAllReportedWithTheFirstOccurrence() throws {
        let text = "a: 1\nb: 2\na: 3\nb: {x: 1, x: 2}\n"
        do {
            _ = try parseYAML(text)
            XCTFail("expected duplicate key errors")
        } catch let error as DiagnosticError {
            XCTAssertEqual(error.diagnostics.map(\.description), [
                "test.yaml:3:1: error: duplicate key \"a\"",
                "test.yaml:4:1: error: duplicate key \"b\"",
                "test.yaml:4:11: error: duplicate key \"x\"",
            ])
            let note = try XCTUnwrap(error.diagnostics[0].notes.first)
            XCTAssertEqual(note.message, "\"a\" was first defined here")
            XCTAssertEqual(note.span?.range?.start.description, "1:1")
        }
    }

    func testDuplicateKeysComeWithTheFirstStructuralError() {
        XCTAssertEqual(yamlErrors("a: 1\na: 2\nb: \"x\n"), [
            "2:1: duplicate key \"a\"",
            "3:4: unterminated double-quoted scalar",
        ])
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 1000)
        XCTAssertEqual(yamlErrors(deep).first, "1:256: nesting is too deep (more than 256 levels)")
        let block = (0..<400).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n")
        XCTAssertEqual(yamlErrors(block).count, 1)
    }
}

/// Issue #21 item 7: bytes a configuration file must not hold are rejected where they are, in
/// scalars, keys and comments alike.
extension YAMLErrorTests {
    private func assertError(bytes: [UInt8], _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(yamlErrors(bytes: bytes, file: file, line: line), [expected], file: file, line: line)
    }

    func testInvalidUTF8IsRejectedWhereItIs() {
        let message = "configuration files must be UTF-8 text"
        assertError(bytes: Array("a: 1\nb: x".utf8) + [0xFF] + Array("y\n".utf8), "2:5: invalid UTF-8 byte 0xFF; \(message)")
        assertError(bytes: Array("a: \"".utf8) + [0xC3] + Array("\"\n".utf8), "1:5: invalid UTF-8 byte 0xC3; \(message)")
        // Overlong, surrogate and truncated sequences.
        assertError(bytes: Array("k: ".utf8) + [0xC0, 0xAF], "1:4: invalid UTF-8 byte 0xC0; \(message)")
        assertError(bytes: Array("k: ".utf8) + [0xED, 0xA0, 0x80], "1:4: invalid UTF-8 byte 0xED; \(message)")
        assertError(bytes: Array("# ".utf8) + [0xF0, 0x9F], "1:3: invalid UTF-8 byte 0xF0; \(message)")
        assertError(bytes: [0x80] + Array(": 1\n".utf8), "1:1: invalid UTF-8 byte 0x80; \(message)")
    }

    func testControlCharactersAreRejectedWhereTheyAre() {
        assertError(bytes: Array("a: x".utf8) + [0] + Array("y\n".utf8), "1:5: control character U+0000 is not allowed in a YAML file")
        assertError("outputDir: \"a\u{0}b\"\n", "1:14: control character U+0000 is not allowed in a YAML file")
        assertError("a: 1\n# bell \u{7}\n", "2:8: control character U+0007 is not allowed in a YAML file")
        assertError("a: \u{7F}\n", "1:4: control character U+007F is not allowed in a YAML file")
        assertError("a: \u{9B}\n", "1:4: control character U+009B is not allowed in a YAML file")
        assertError("a: \u{FFFE}\n", "1:4: control character U+FFFE is not allowed in a YAML file")
    }

    func testPrintableTextStillParses() throws {
        XCTAssertEqual(render(try parseYAML("\u{FEFF}a: \"tab\there\"\r\nb: é – 🎬x\n")), "{\"a\": \"tab\\there\", \"b\": \"é – 🎬x\"}")
    }

    /// A quote left open runs into the next key; the error is at the quote, not lines later.
    func testUnterminatedQuoteIsReportedAtTheOpeningQuote() {
        let hint = "a value that goes on to the next line must indent it more than its key"
        assertError("location: \"us-central1\nschema:\n  source: \"./schema\"\n", "1:11: unterminated double-quoted scalar; \(hint)")
        assertError("schema:\n  source: 'x\n  id: 'y'\n", "2:11: unterminated single-quoted scalar; \(hint)")
        assertError("list:\n  - \"a\n  - b\n", "2:5: unterminated double-quoted scalar; \(hint)")
        assertError("a: \"x\n", "1:4: unterminated double-quoted scalar")
    }

    func testIndentedContinuationOfAQuotedValueStillFolds() throws {
        XCTAssertEqual(render(try parseYAML("a: \"one\n  two\"\nb:\n  c: 'x\n\n    y'\n")), "{\"a\": \"one two\", \"b\": {\"c\": \"x\\ny\"}}")
    }
}
