import XCTest
@testable import Output

final class LastSlashTests: XCTestCase {
    func testTheLastSlashOfPathsAndTheirSlices() {
        let path = "Sources/Opérations/Ünïcode/File.swift"
        XCTAssertEqual(path.lastSlashIndex.map { String(path[..<$0]) }, "Sources/Opérations/Ünïcode")
        let folder = path[..<path.lastSlashIndex!]
        XCTAssertEqual(folder.lastSlashIndex.map { String(folder[..<$0]) }, "Sources/Opérations")
        // A slash right after a combining mark is still found (a Character search would not split there).
        let combining = "e\u{301}/x"
        XCTAssertEqual(combining.lastSlashIndex.map { String(combining[..<$0]) }, "e\u{301}")
        XCTAssertNil("README.md".lastSlashIndex)
        XCTAssertNil("".lastSlashIndex)
        XCTAssertEqual("/".lastSlashIndex, "/".startIndex)
    }
}
