/// `diff -u` style text for one file: `--- a/path` / `+++ b/path` headers and hunks with context.
enum UnifiedDiff {
    static let context = 3

    /// The diff lines from `old` to `new` (nil: the file does not exist on that side).
    static func lines(old: String?, new: String?, path: String) -> [String] {
        let oldLines = old.map(split) ?? []
        let newLines = new.map(split) ?? []
        let operations = LineDiff.operations(oldLines, newLines)
        var result = [old == nil ? "--- /dev/null" : "--- a/" + path, new == nil ? "+++ /dev/null" : "+++ b/" + path]
        for hunk in hunks(operations) { result += render(hunk, operations) }
        return result
    }

    /// Lines without terminators; a final line break does not start another line.
    static func split(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    /// Ranges of operation indices, each a run of changes padded with up to `context` kept lines;
    /// runs closer than twice the context merge into one hunk.
    private static func hunks(_ operations: [LineDiff.Operation]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for (index, operation) in operations.enumerated() {
            if case .keep = operation { continue }
            let start = max(0, index - context)
            let end = min(operations.count, index + 1 + context)
            if let last = ranges.last, start <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, end)
            } else {
                ranges.append(start..<end)
            }
        }
        return ranges
    }

    private static func render(_ hunk: Range<Int>, _ operations: [LineDiff.Operation]) -> [String] {
        var oldStart = 1
        var newStart = 1
        for operation in operations[..<hunk.lowerBound] {
            switch operation {
            case .keep: oldStart += 1; newStart += 1
            case .delete: oldStart += 1
            case .insert: newStart += 1
            }
        }
        var body: [String] = []
        var oldCount = 0
        var newCount = 0
        for operation in operations[hunk] {
            switch operation {
            case .keep(let line): body.append(" " + line); oldCount += 1; newCount += 1
            case .delete(let line): body.append("-" + line); oldCount += 1
            case .insert(let line): body.append("+" + line); newCount += 1
            }
        }
        // An empty side starts at line 0 in unified diffs ("-0,0").
        let oldRange = "\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount)"
        let newRange = "\(newCount == 0 ? newStart - 1 : newStart),\(newCount)"
        return ["@@ -\(oldRange) +\(newRange) @@"] + body
    }
}
