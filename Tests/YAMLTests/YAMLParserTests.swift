import Diagnostics
import XCTest
@testable import YAML

final class YAMLParserTests: XCTestCase {
    private func assertParses(_ text: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(render(try parseYAML(text)), expected, file: file, line: line)
    }

    func testBlockMappingKeepsOrder() {
        assertParses("b: 1\na: two\nc: true\n", #"{"b": "1", "a": "two", "c": "true"}"#)
    }

    func testNestedMappingsWithAnyConsistentIndentation() {
        assertParses("a:\n   b:\n        c: 1\n   d: 2\ne: 3", #"{"a": {"b": {"c": "1"}, "d": "2"}, "e": "3"}"#)
    }

    func testBlockSequences() {
        assertParses("- a\n- b\n-\n- - c\n  - d\n", #"["a", "b", ~, ["c", "d"]]"#)
    }

    func testSequenceAtTheKeysIndentation() {
        assertParses("dirs:\n- ./a\n- ./b\nnext: 1\n", #"{"dirs": ["./a", "./b"], "next": "1"}"#)
    }

    func testIndentedSequenceUnderKey() {
        assertParses("dirs:\n  - ./a\n  - ./b\n", #"{"dirs": ["./a", "./b"]}"#)
    }

    func testMappingsInsideSequenceItems() {
        let text = """
        sdks:
          - outputDir: ../a
            package: A
          - outputDir: ../b
            package: B
            cache:
              maxAge: 2s
        """
        assertParses(text, #"{"sdks": [{"outputDir": "../a", "package": "A"}, {"outputDir": "../b", "package": "B", "cache": {"maxAge": "2s"}}]}"#)
    }

    func testEmptyValuesAreNull() throws {
        assertParses("a:\nb: # nothing\nc:", #"{"a": ~, "b": ~, "c": ~}"#)
        let node = try XCTUnwrap(try parseYAML("a:\n"))
        guard case .null = try XCTUnwrap(node["a"]).kind else { return XCTFail("expected .null") }
    }

    func testFlowSequences() {
        assertParses(#"dirs: ["./connector", './b', c , ]"#, #"{"dirs": ["./connector", "./b", "c"]}"#)
        assertParses("a: []\nb: [[1, 2], [], {x: y}]", #"{"a": [], "b": [["1", "2"], [], {"x": "y"}]}"#)
    }

    func testFlowSequenceAcrossLinesWithComments() {
        let text = "dirs: [\n  \"./a\", # first\n  \"./b\",\n]\nnext: x\n"
        assertParses(text, #"{"dirs": ["./a", "./b"], "next": "x"}"#)
    }

    func testFlowMappings() {
        assertParses("a: {x: 1, \"y\":2, z, w: }\nb: {}", #"{"a": {"x": "1", "y": "2", "z": ~, "w": ~}, "b": {}}"#)
    }

    func testSinglePairMappingInFlowSequence() {
        assertParses("[a: 1, b]", #"[{"a": "1"}, "b"]"#)
    }

    func testFlowPlainScalarsMayContainColonsAndSpaces() {
        assertParses("[http://x.y/z, a b]", #"["http://x.y/z", "a b"]"#)
    }

    func testPlainScalarsKeepInnerCharacters() {
        assertParses(#"p: ..\..\src\main\kotlin\"#, #"{"p": "..\\..\\src\\main\\kotlin\\"}"#)
        assertParses("u: http://a.b/c#d\nv: a:b\nw: -1\nx: -foo\n", #"{"u": "http://a.b/c#d", "v": "a:b", "w": "-1", "x": "-foo"}"#)
    }

    func testCommentsAndTrailingSpaces() {
        let text = " # leading comment indented\n\na: \"PUBLIC\"   # trailing\n# full line\nb: x # y\n  # indented comment\nc: d\n"
        assertParses(text, #"{"a": "PUBLIC", "b": "x", "c": "d"}"#)
    }

    func testDoubleQuotedEscapes() throws {
        let node = try XCTUnwrap(try parseYAML(#"s: "a\nb\tc\"d\\e\/f\x41\u00e9\U0001F600\0\ \_\N\L\P\e\a\b\v\f\r""#))
        XCTAssertEqual(node["s"]?.string, "a\nb\tc\"d\\e/fAé😀\u{00} \u{A0}\u{85}\u{2028}\u{2029}\u{1B}\u{07}\u{08}\u{0B}\u{0C}\r")
    }

    func testSingleQuotedEscapesOnlyTheQuote() throws {
        let node = try XCTUnwrap(try parseYAML(#"s: 'it''s \n'"#))
        XCTAssertEqual(node["s"]?.string, #"it's \n"#)
    }

    func testMultiLinePlainScalarsFold() {
        assertParses("a: one\n  two\n\n  three\nb: x", #"{"a": "one two\nthree", "b": "x"}"#)
        assertParses("- one\n  two\n- three", #"["one two", "three"]"#)
    }

    func testMultiLineQuotedScalarsFold() {
        assertParses("a: \"one  \n   two\n\n   three\"\n", #"{"a": "one two\nthree"}"#)
        assertParses("a: 'one\n  two'\n", #"{"a": "one two"}"#)
        assertParses("a: \"one\\\n   two\"\n", #"{"a": "onetwo"}"#)
        assertParses("a: \"keep\\t\n  x\"\n", #"{"a": "keep\t x"}"#)
    }

    func testCommentEndsAMultiLinePlainScalar() throws {
        XCTAssertEqual(yamlErrors("a: one\n# c\n  two\n"), ["3:3: unexpected indentation: expected a key in column 1"])
    }

    func testDocumentMarkers() {
        assertParses("---\na: 1\n...\n", #"{"a": "1"}"#)
        assertParses("--- # start\n- x\n", #"["x"]"#)
        assertParses("--- [a]\n", #"["a"]"#)
        assertParses("# only a comment\n", "<none>")
        assertParses("", "<none>")
        assertParses("---\n", "<none>")
        assertParses("...\n", "<none>")
    }

    func testRootScalar() {
        assertParses("hello\n  world\n", #""hello world""#)
    }

    func testLineEndingsAndByteOrderMark() {
        assertParses("\u{FEFF}a: 1\r\nb:\r\n  - x\rc: 2", #"{"a": "1", "b": ["x"], "c": "2"}"#)
    }

    func testTabsAsSeparationAreFine() {
        assertParses("a:\tb\t# c\n", #"{"a": "b"}"#)
    }

    func testQuotedKeys() {
        assertParses("\"a b\": 1\n'c': 2\n", #"{"a b": "1", "c": "2"}"#)
    }

    func testScalarStyles() throws {
        let node = try XCTUnwrap(try parseYAML("a: x\nb: 'x'\nc: \"x\"\n"))
        XCTAssertEqual(node["a"]?.scalar?.style, .plain)
        XCTAssertEqual(node["b"]?.scalar?.style, .singleQuoted)
        XCTAssertEqual(node["c"]?.scalar?.style, .doubleQuoted)
    }

    func testLocations() throws {
        let node = try XCTUnwrap(try parseYAML("generate:\n  swiftSdk:\n    - outputDir: \"../x\"\n      package: P\n"))
        let item = try XCTUnwrap(node["generate"]?["swiftSdk"]?.sequence?.first)
        XCTAssertEqual(item.range.start.description, "3:7")
        let key = try XCTUnwrap(item.mapping?.last?.key)
        XCTAssertEqual(key.range.description, "4:7-4:14")
        XCTAssertEqual(item["outputDir"]?.range.description, "3:18-3:24")
        XCTAssertEqual(node["generate"]?["swiftSdk"]?.range.start.description, "3:5")
        XCTAssertEqual(node.range.start.description, "1:1")
    }

    func testEmptyValueLocationIsAfterTheColon() throws {
        let node = try XCTUnwrap(try parseYAML("key:\n"))
        XCTAssertEqual(node["key"]?.range.description, "1:5-1:5")
    }

    func testCoreSchemaResolution() throws {
        let text = "a: true\nb: False\nc: 12\nd: -3\ne: 0x1F\nf: 0o17\ng: 1.5\nh: ~\ni: null\nj: \"true\"\nk: yes\nl: .inf\nm: 1e3\nn: 1.2.3\n"
        let node = try XCTUnwrap(try parseYAML(text))
        XCTAssertEqual(node["a"]?.scalar?.resolvedType, .bool)
        XCTAssertEqual(node["b"]?.scalar?.resolvedType, .bool)
        XCTAssertEqual(node["c"]?.int, 12)
        XCTAssertEqual(node["d"]?.int, -3)
        XCTAssertEqual(node["e"]?.int, 31)
        XCTAssertEqual(node["f"]?.int, 15)
        XCTAssertNil(node["g"]?.int)
        XCTAssertEqual(node["g"]?.scalar?.resolvedType, .float)
        XCTAssertEqual(node["h"]?.isNull, true)
        XCTAssertEqual(node["i"]?.isNull, true)
        XCTAssertNil(node["i"]?.string)
        XCTAssertEqual(node["j"]?.string, "true")
        XCTAssertEqual(node["j"]?.scalar?.resolvedType, .string)
        XCTAssertEqual(node["k"]?.scalar?.resolvedType, .string)
        XCTAssertEqual(node["l"]?.scalar?.resolvedType, .float)
        XCTAssertEqual(node["m"]?.scalar?.resolvedType, .float)
        XCTAssertEqual(node["n"]?.scalar?.resolvedType, .string)
        XCTAssertEqual(node["c"]?.string, "12")
        XCTAssertEqual(node["a"]?.typeDescription, "a boolean")
        XCTAssertEqual(node["c"]?.typeDescription, "a number")
        XCTAssertEqual(node["h"]?.typeDescription, "null")
        XCTAssertEqual(node.typeDescription, "a mapping")
    }

    func testIntOverflowIsNotAnInt() throws {
        let node = try XCTUnwrap(try parseYAML("a: 99999999999999999999999\n"))
        XCTAssertNil(node["a"]?.int)
        XCTAssertEqual(node["a"]?.string, "99999999999999999999999")
    }
}
