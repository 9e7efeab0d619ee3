import Foundation
import XCTest

/// Compares generated text with files under `Golden/`. `SDKGEN_UPDATE_GOLDEN=1` rewrites them.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static var isUpdating: Bool { ProcessInfo.processInfo.environment["SDKGEN_UPDATE_GOLDEN"] == "1" }

    static func assertMatches(_ actual: String, golden relativePath: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = folder.appendingPathComponent(relativePath)
        if isUpdating {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try actual.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                XCTFail("cannot write golden file \(relativePath): \(error)", file: file, line: line)
            }
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            XCTFail("missing golden file \(relativePath); run with SDKGEN_UPDATE_GOLDEN=1 to create it", file: file, line: line)
            return
        }
        if expected != actual {
            XCTFail("""
                \(relativePath) differs from the generated text (- golden, + generated); \
                run with SDKGEN_UPDATE_GOLDEN=1 to accept:
                \(LineDiff.render(expected: expected, actual: actual))
                """, file: file, line: line)
        }
    }
}

/// A unified-style line diff for test failure messages.
enum LineDiff {
    /// Changed lines prefixed `-`/`+` with `context` unchanged lines around them, `@@ line N`
    /// headers, and at most `limit` lines of output.
    static func render(expected: String, actual: String, context: Int = 2, limit: Int = 120) -> String {
        let old = expected.components(separatedBy: "\n")
        let new = actual.components(separatedBy: "\n")
        let operations = diff(old, new)
        var output: [String] = []
        var lastPrinted = -1
        for (index, operation) in operations.enumerated() where operation.mark != " " {
            let start = max(index - context, lastPrinted + 1)
            if start > lastPrinted + 1 { output.append("@@ line \(operations[start].oldLine + 1)") }
            for position in start...min(index + context, operations.count - 1) where position > lastPrinted {
                let item = operations[position]
                if position > index, item.mark != " " { break }
                output.append("\(item.mark) \(item.text)")
                lastPrinted = position
            }
        }
        if output.count > limit { output = Array(output.prefix(limit)) + ["… (\(output.count - limit) more lines)"] }
        return output.joined(separator: "\n")
    }

    struct Operation {
        var mark: Character
        var text: String
        var oldLine: Int
    }

    /// Longest-common-subsequence diff; golden files are small, so O(n·m) is fine.
    static func diff(_ old: [String], _ new: [String]) -> [Operation] {
        let n = old.count, m = new.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result: [Operation] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                result.append(Operation(mark: " ", text: old[i], oldLine: i))
                i += 1
                j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                result.append(Operation(mark: "-", text: old[i], oldLine: i))
                i += 1
            } else {
                result.append(Operation(mark: "+", text: new[j], oldLine: i))
                j += 1
            }
        }
        return result
    }
}
