import XCTest

final class LineDiffTests: XCTestCase {
    func testChangedLineWithContext() {
        let old = "a\nb\nc\nd\ne\nf\ng"
        let new = "a\nb\nc\nD\ne\nf\ng"
        XCTAssertEqual(LineDiff.render(expected: old, actual: new), "@@ line 2\n  b\n  c\n- d\n+ D\n  e\n  f")
    }

    func testInsertionAndDeletion() {
        XCTAssertEqual(LineDiff.render(expected: "a\nb", actual: "a\nx\nb", context: 0), "@@ line 2\n+ x")
        XCTAssertEqual(LineDiff.render(expected: "a\nb\nc", actual: "a\nc", context: 0), "@@ line 2\n- b")
    }

    func testIdenticalTextHasNoDiff() {
        XCTAssertEqual(LineDiff.render(expected: "a\nb", actual: "a\nb"), "")
    }

    func testOutputIsCapped() {
        let old = (0..<50).map(String.init).joined(separator: "\n")
        let new = (0..<50).map { "x\($0)" }.joined(separator: "\n")
        let rendered = LineDiff.render(expected: old, actual: new, limit: 10)
        XCTAssertEqual(rendered.components(separatedBy: "\n").count, 11)
        XCTAssertTrue(rendered.hasSuffix("… (90 more lines)"))
    }
}
