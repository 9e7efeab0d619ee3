@testable import Output
import XCTest

/// Path ordering and the relative-path rules every generated file goes through.
final class PathRulesTests: XCTestCase {
    func testByteOrderComparesUTF8BytesAndPutsPrefixesFirst() {
        // "Z" (0x5A) < "a" (0x61) < "é" (0xC3 0xA9); a prefix precedes its extensions.
        let sorted = Paths.sorted(["é.swift", "a/b.swift", "a.swift", "Z.swift", "a", "", "a/b"], by: { $0 })
        XCTAssertEqual(sorted, ["", "Z.swift", "a", "a.swift", "a/b", "a/b.swift", "é.swift"])
    }

    func testByteOrderKeepsTiesInTheirOrder() {
        let items = [("b", 1), ("a", 2), ("b", 3), ("a", 4)]
        XCTAssertEqual(Paths.sorted(items, by: \.0).map(\.1), [2, 4, 1, 3])
    }

    /// Folders are split at the slash bytes, whatever characters (combining ones included) surround them.
    func testParentOfNonASCIIPaths() {
        XCTAssertEqual(Paths.parent("Café/\u{301}x/Q.swift"), "Café/\u{301}x")
        XCTAssertEqual(Paths.parent("/\u{301}x"), "")
        XCTAssertNil(Paths.parent("Q.swift"))
    }

    func testRelativePathProblems() {
        let problems: [String: String?] = [
            "a.swift": nil, "Sources/A/B.swift": nil, ".hidden": nil, "a/.b": nil, "...": nil, "a/.../b": nil, "..a": nil,
            "": "is empty",
            "/a": "is absolute",
            "a\nb": "contains a line break or NUL", "a\rb": "contains a line break or NUL", "a\u{0}b": "contains a line break or NUL",
            ".": "has an empty, '.' or '..' part", "..": "has an empty, '.' or '..' part",
            "a/": "has an empty, '.' or '..' part", "a//b": "has an empty, '.' or '..' part",
            "a/./b": "has an empty, '.' or '..' part", "a/..": "has an empty, '.' or '..' part",
            "../a": "has an empty, '.' or '..' part",
            ".sdkgen-manifest": "is reserved for sdkgen's own bookkeeping", "S/.sdkgen-tmp-b/c.swift": "is reserved for sdkgen's own bookkeeping",
            "a/.sdkgen-manifest": nil, "S/x.sdkgen-tmp-c.swift": nil,
        ]
        for (path, problem) in problems {
            XCTAssertEqual(Paths.problem(withRelativePath: path), problem, path.debugDescription)
        }
    }
}
