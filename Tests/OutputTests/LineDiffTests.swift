@testable import Output
import TestSupport
import XCTest

final class LineDiffTests: XCTestCase {
    private func apply(_ operations: [LineDiff.Operation]) -> (old: [String], new: [String]) {
        var old: [String] = []
        var new: [String] = []
        for operation in operations {
            switch operation {
            case .keep(let line): old.append(line); new.append(line)
            case .delete(let line): old.append(line)
            case .insert(let line): new.append(line)
            }
        }
        return (old, new)
    }

    private func edits(_ operations: [LineDiff.Operation]) -> Int {
        operations.filter { if case .keep = $0 { false } else { true } }.count
    }

    func testShortestScript() {
        let old = ["a", "b", "c", "a", "b", "b", "a"]
        let new = ["c", "b", "a", "b", "a", "c"]
        let operations = LineDiff.operations(old, new)
        XCTAssertEqual(apply(operations).old, old)
        XCTAssertEqual(apply(operations).new, new)
        // Myers' example: the edit distance is 5.
        XCTAssertEqual(edits(operations), 5)
    }

    func testEmptySides() {
        XCTAssertEqual(LineDiff.operations([], ["x"]), [.insert("x")])
        XCTAssertEqual(LineDiff.operations(["x"], []), [.delete("x")])
        XCTAssertEqual(LineDiff.operations(["x"], ["x"]), [.keep("x")])
    }

    func testRandomScriptsReproduceBothSides() {
        var generator = SplitMix(seed: 42)
        for _ in 0..<200 {
            let old = (0..<Int(generator.next() % 30)).map { _ in String(generator.next() % 4) }
            let new = (0..<Int(generator.next() % 30)).map { _ in String(generator.next() % 4) }
            let operations = LineDiff.operations(old, new)
            XCTAssertEqual(apply(operations).old, old)
            XCTAssertEqual(apply(operations).new, new)
            XCTAssertEqual(edits(operations), old.count + new.count - 2 * lcs(old, new))
        }
    }

    func testVeryDifferentTextsFallBackToReplacement() {
        let old = (0..<1500).map { "old \($0)" }
        let new = (0..<1500).map { "new \($0)" }
        let operations = LineDiff.operations(old, new)
        XCTAssertEqual(apply(operations).old, old)
        XCTAssertEqual(apply(operations).new, new)
    }

    func testHunksKeepThreeLinesOfContextAndMergeCloseChanges() {
        let old = (1...20).map { "l\($0)" }.joined(separator: "\n") + "\n"
        var lines = (1...20).map { "l\($0)" }
        lines[1] = "X"
        lines[6] = "Y"
        lines[18] = "Z"
        let diff = UnifiedDiff.lines(old: old, new: lines.joined(separator: "\n") + "\n", path: "f")
        XCTAssertEqual(diff.filter { $0.hasPrefix("@@") }, ["@@ -1,10 +1,10 @@", "@@ -16,5 +16,5 @@"])
        XCTAssertEqual(diff.prefix(4), ["--- a/f", "+++ b/f", "@@ -1,10 +1,10 @@", " l1"])
    }

    private func lcs(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices.reversed() {
            for j in b.indices.reversed() {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}

