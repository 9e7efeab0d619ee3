/// `diff -u` style text for one file: `--- a/path` / `+++ b/path` headers and hunks with context.
enum UnifiedDiff {
    static let context = 3

    /// The diff lines from `old` to `new` (nil: the file does not exist on that side).
    static func lines(old: String?, new: String?, path: String) -> [String] {
        let operations = LineDiff.operations(old.map(split) ?? [], new.map(split) ?? [])
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

    /// Runs of changes padded with up to `context` kept lines; runs closer than twice the context merge into one hunk.
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
        let (before, inside) = (sides(operations[..<hunk.lowerBound]), sides(operations[hunk]))
        // An empty side starts at line 0 in unified diffs ("-0,0").
        let oldRange = "\(inside.old == 0 ? before.old : before.old + 1),\(inside.old)"
        let newRange = "\(inside.new == 0 ? before.new : before.new + 1),\(inside.new)"
        return ["@@ -\(oldRange) +\(newRange) @@"] + operations[hunk].map { operation in
            switch operation {
            case .keep(let line): " " + line
            case .delete(let line): "-" + line
            case .insert(let line): "+" + line
            }
        }
    }

    /// How many lines of the old and of the new text `operations` span.
    private static func sides(_ operations: ArraySlice<LineDiff.Operation>) -> (old: Int, new: Int) {
        let inserted = operations.filter { if case .insert = $0 { true } else { false } }.count
        let deleted = operations.filter { if case .delete = $0 { true } else { false } }.count
        return (operations.count - inserted, operations.count - deleted)
    }
}
