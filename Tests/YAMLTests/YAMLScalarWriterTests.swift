import Diagnostics
import XCTest
import YAML

final class YAMLScalarWriterTests: XCTestCase {
    func testEveryStringReadsBackAsItself() throws {
        let strings = ["abc", "../../ios/Generated", "..\\..\\src", "@scope/pkg", "true", "12", "1.0", "0x1F", "null", "~", "", " lead",
                       "trail ", "a: b", "a:", "#x", "a #b", "- x", "-", "?", "{a}", "a,b", "[x]", "it's", "say \"hi\"", "back\\slash",
                       "line\nbreak", "tab\there", "bell\u{7}", "é ü", "https://example.com/a.git", "*alias", "&anchor", "!tag", "%p", "|", ">"]
        for string in strings {
            let written = YAMLScalarWriter.scalar(string)
            let root = try XCTUnwrap(try YAMLParser.parse(SourceFile(path: "t.yaml", text: "key: \(written)\n")), string)
            XCTAssertEqual(root["key"]?.scalar?.text, string, written)
            XCTAssertEqual(root["key"]?.scalar?.resolvedType, .string, written)
        }
    }

    func testPlainWhenUnambiguous() {
        XCTAssertEqual(YAMLScalarWriter.scalar("../../app"), "../../app")
        XCTAssertEqual(YAMLScalarWriter.scalar("MoviesSDK"), "MoviesSDK")
        XCTAssertEqual(YAMLScalarWriter.scalar("true"), "\"true\"")
        XCTAssertEqual(YAMLScalarWriter.scalar("a: b"), "\"a: b\"")
    }
}
