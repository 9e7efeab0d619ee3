import Diagnostics
import XCTest

final class SourceFileTests: XCTestCase {
    func testLocationsAcrossLineTerminators() {
        let file = SourceFile(path: "a.gql", text: "ab\ncd\r\nef\rgh")
        XCTAssertEqual(file.lineStarts, [0, 3, 7, 10])
        XCTAssertEqual(file.location(atOffset: 0), SourceLocation(offset: 0, line: 1, column: 1))
        XCTAssertEqual(file.location(atOffset: 4), SourceLocation(offset: 4, line: 2, column: 2))
        XCTAssertEqual(file.location(atOffset: 7), SourceLocation(offset: 7, line: 3, column: 1))
        XCTAssertEqual(file.location(atOffset: 11), SourceLocation(offset: 11, line: 4, column: 2))
    }

    func testColumnsCountScalarsNotBytes() {
        let file = SourceFile(path: "a.gql", text: "\"é€😀\" x")
        // é is 2 bytes, € 3, 😀 4: the x sits at byte 12 but column 7.
        XCTAssertEqual(file.location(atOffset: 12).column, 7)
    }

    func testOffsetsAreClampedToTheFile() {
        let file = SourceFile(path: "a.gql", text: "ab")
        XCTAssertEqual(file.location(atOffset: 99), SourceLocation(offset: 2, line: 1, column: 3))
        XCTAssertEqual(file.location(atOffset: -1), SourceLocation(offset: 0, line: 1, column: 1))
    }

    func testEmptyFileHasOneLine() {
        let file = SourceFile(path: "empty.gql", text: "")
        XCTAssertEqual(file.lineStarts, [0])
        XCTAssertEqual(file.location(atOffset: 0), SourceLocation(offset: 0, line: 1, column: 1))
    }
}
