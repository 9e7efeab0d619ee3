import Diagnostics
import Foundation
import TestSupport
import XCTest

/// The path arithmetic every stage shares (`display` is covered with the renderer).
final class RelativePathTests: XCTestCase {
    func testJoiningDropsDotsAndKeepsClimbsAsWritten() {
        XCTAssertEqual(RelativePath.join("/p", "./schema"), "/p/schema")
        XCTAssertEqual(RelativePath.join("/p/", "a/./b/"), "/p/a/b")
        XCTAssertEqual(RelativePath.join("/p", "../x"), "/p/../x")
        XCTAssertEqual(RelativePath.join("/p", "/abs/./y"), "/abs/y")
        XCTAssertEqual(RelativePath.join("", "./a"), "a")
        XCTAssertEqual(RelativePath.join(".", "a"), "a")
        XCTAssertEqual(RelativePath.join("/p", "."), "/p")
        XCTAssertEqual(RelativePath.join("/", "a"), "/a")
    }

    func testNormalizingResolvesDotsAndKeepsAbsoluteness() {
        XCTAssertEqual(RelativePath.normalized("/a/./b//c/../d/"), "/a/b/d")
        XCTAssertEqual(RelativePath.normalized("a/../../b"), "b")
        XCTAssertEqual(RelativePath.normalized("/.."), "/")
    }

    /// Folders are split at the slash bytes, whatever characters (combining ones included) surround them.
    func testParentOfNonASCIIPaths() {
        XCTAssertEqual(RelativePath.parent("Café/\u{301}x/Q.swift"), "Café/\u{301}x")
        XCTAssertEqual(RelativePath.parent("/\u{301}x"), "")
        XCTAssertNil(RelativePath.parent("Q.swift"))
    }

    func testContainment() {
        XCTAssertTrue(RelativePath.contains("/a", "/a"))
        XCTAssertTrue(RelativePath.contains("/a", "/a/b"))
        XCTAssertFalse(RelativePath.contains("/a", "/ab"))
        XCTAssertTrue(RelativePath.contains("/", "/x"))
    }

    func testCanonicalResolvesLinksAsFarAsThePathExists() throws {
        let folder = try TemporaryFolder()
        let root = RelativePath.canonical(folder.path)
        try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/real")
        XCTAssertEqual(RelativePath.canonical(root + "/link/./missing/x"), root + "/real/missing/x")
        XCTAssertEqual(RelativePath.canonical(root + "/real/../link"), root + "/real")
    }
}
