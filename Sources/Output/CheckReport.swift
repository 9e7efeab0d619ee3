import Diagnostics

/// What `sdkgen generate --check` found: the files that differ from what generation would write.
public struct CheckReport: Sendable {
    /// How one file differs from what generation would produce.
    public enum Difference: String, Sendable, Equatable {
        /// Would be created.
        case missing
        /// Exists with other bytes.
        case changed
        /// An owned file no package produces any more; would be deleted.
        case extra
    }

    /// One out-of-date file.
    public struct Entry: Sendable {
        public var difference: Difference
        /// Absolute path.
        public var path: String
        /// The bytes on disk (nil when missing), as text.
        public var actual: String?
        /// What generation would write (nil for an extra file).
        public var expected: String?
    }

    /// Out-of-date files, ordered by path.
    public var entries: [Entry]
    /// Errors that make the plan impossible to write (foreign files, overlapping folders); these are
    /// project errors, not staleness.
    public var diagnostics: [Diagnostic]
    /// Packages checked.
    public var packages: Int
    /// Files already current (manifests included).
    public var unchanged: Int
    /// Package folders holding another generator's package, which `generate` would replace.
    public var replaced: [ReplacedPackage] = []

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    /// True when generation would change nothing.
    public var isCurrent: Bool { !hasErrors && entries.isEmpty }

    /// `3 files out of date (1 missing, 1 changed, 1 extra)`, or `up to date`.
    public var summary: String {
        guard !entries.isEmpty else { return "up to date" }
        let counts = [Difference.missing, .changed, .extra].compactMap { kind -> String? in
            let count = entries.filter { $0.difference == kind }.count
            return count == 0 ? nil : "\(count) \(kind.rawValue)"
        }
        return "\(entries.count) \(entries.count == 1 ? "file" : "files") out of date (\(counts.joined(separator: ", ")))"
    }

    /// One line per file (`missing: path`), then unified diffs of at most `linesPerFile` and `totalLines` lines, so that a
    /// wholly regenerated SDK does not flood a CI log; paths through `displayPath`. Empty when everything is current.
    public func render(linesPerFile: Int = 200, totalLines: Int = 1000, displayPath: (String) -> String = { $0 }) -> String {
        var lines = entries.map { "\($0.difference.rawValue): \(displayPath($0.path))" }
        var budget = totalLines
        var omitted = 0
        for entry in entries {
            let diff = UnifiedDiff.lines(old: entry.actual, new: entry.expected, path: displayPath(entry.path))
            let allowed = max(0, min(linesPerFile, budget))
            lines += diff.prefix(allowed)
            budget -= min(allowed, diff.count)
            if diff.count > allowed {
                let rest = diff.count - allowed
                if allowed > 0 { lines.append("... \(rest) more \(rest == 1 ? "line" : "lines") of this diff omitted") }
                omitted += allowed > 0 ? 0 : rest
            }
        }
        if omitted > 0 { lines.append("... \(omitted) more diff \(omitted == 1 ? "line" : "lines") omitted") }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}
