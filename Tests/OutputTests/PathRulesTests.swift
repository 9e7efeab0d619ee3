@testable import Output
import XCTest

/// Path ordering and the relative-path rules every generated file goes through.
final class PathRulesTests: XCTestCase {
    func testByteOrderComparesUTF8BytesAndPutsPrefixesFirst() {
        // "Z" (0x5A) < "a" (0x61) < "é" (0xC3 0xA9); a prefix precedes its extensions.
        let sorted = PathRules.sorted(["é.swift", "a/b.swift", "a.swift", "Z.swift", "a", "", "a/b"], by: { $0 })
        XCTAssertEqual(sorted, ["", "Z.swift", "a", "a.swift", "a/b", "a/b.swift", "é.swift"])
    }

    func testByteOrderKeepsTiesInTheirOrder() {
        let items = [("b", 1), ("a", 2), ("b", 3), ("a", 4)]
        XCTAssertEqual(PathRules.sorted(items, by: \.0).map(\.1), [2, 4, 1, 3])
    }

    func testRelativePathProblems() {
        let control = "contains a control character (such as a line break or NUL)"
        let problems: [String: String?] = [
            "a.swift": nil, "Sources/A/B.swift": nil, ".hidden": nil, "a/.b": nil, "...": nil, "a/.../b": nil, "..a": nil,
            "": "is empty",
            "/a": "is absolute",
            "a\nb": control, "a\rb": control, "a\u{0}b": control, "a\u{1B}b": control, "a\u{7F}": control,
            ".": "has an empty, '.' or '..' part", "..": "has an empty, '.' or '..' part",
            "a/": "has an empty, '.' or '..' part", "a//b": "has an empty, '.' or '..' part",
            "a/./b": "has an empty, '.' or '..' part", "a/..": "has an empty, '.' or '..' part",
            "../a": "has an empty, '.' or '..' part",
            ".sdkgen-manifest": "is reserved for sdkgen's own bookkeeping", "S/.sdkgen-tmp-b/c.swift": "is reserved for sdkgen's own bookkeeping",
            "a/.sdkgen-manifest": nil, "S/x.sdkgen-tmp-c.swift": nil,
            ".SDKGEN-Manifest": "is reserved for sdkgen's own bookkeeping", "S/.Sdkgen-Tmp-1-a": "is reserved for sdkgen's own bookkeeping",
        ]
        for (path, problem) in problems {
            XCTAssertEqual(PathRules.problem(withRelativePath: path), problem, path.debugDescription)
        }
    }

    /// Issue #21: names too long for the file system are found before anything is written.
    func testAbsolutePathProblems() {
        let part = String(repeating: "a", count: 255)
        XCTAssertNil(PathRules.problem(withAbsolutePath: "/x/" + part))
        XCTAssertEqual(PathRules.problem(withAbsolutePath: "/x/" + part + "b/c"), "has a part of 256 bytes, longer than the 255 bytes the file system allows")
        XCTAssertEqual(PathRules.problem(withAbsolutePath: "/x/\u{0}/c"), "contains a control character (such as a line break or NUL)")
        let deep = String(repeating: "/" + String(repeating: "d", count: 99), count: PathRules.pathMax / 100 + 1)
        XCTAssertNil(PathRules.problem(withAbsolutePath: String(deep.prefix(PathRules.pathMax - PathRules.temporaryNameMax - 3)) + "/f"))
        for path in [deep + "/f", String(deep.prefix(PathRules.pathMax - PathRules.temporaryNameMax)) + "/f"] {
            XCTAssertTrue(PathRules.problem(withAbsolutePath: path)?.hasPrefix("is \(path.utf8.count) bytes long;") ?? false, "\(path.utf8.count)")
        }
    }

    /// Issue #21: `GetAll`/`Getall` are one file on macOS's default disk.
    func testCaseClashes() {
        let clashes = PathRules.caseClashes(["A/x.swift", "GetAll.swift", "Getall.swift", "a/y.swift", "caf\u{E9}.swift", "cafe\u{301}.swift", "b.swift"])
        XCTAssertEqual(clashes.map(\.path), ["Getall.swift", "a/y.swift", "cafe\u{301}.swift"])
        XCTAssertEqual(clashes.map(\.other), ["GetAll.swift", "A", "caf\u{E9}.swift"])
        XCTAssertTrue(PathRules.caseClashes(["A/x.swift", "A/y.swift", "B.swift", "b.md"]).isEmpty)
    }
}
