/// Gathers the diagnostics of a run so that all of them are reported, not only the first.
public struct DiagnosticCollector: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func append(contentsOf other: some Sequence<Diagnostic>) {
        diagnostics.append(contentsOf: other)
    }

    public var errorCount: Int { diagnostics.lazy.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.lazy.filter { $0.severity == .warning }.count }
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// `diagnostics` in the order they are printed: by file path, then position, keeping the
    /// order of equal ones (those without a file first). Stages append in any order; only printing orders.
    public static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            let left = (lhs.element.span?.file.path ?? "", lhs.element.span?.range?.start.offset ?? -1)
            let right = (rhs.element.span?.file.path ?? "", rhs.element.span?.range?.start.offset ?? -1)
            return left == right ? lhs.offset < rhs.offset : left < right
        }.map(\.element)
    }

    /// `2 errors, 1 warning`; nil when there is nothing to count.
    public var summary: String? {
        var parts: [String] = []
        if errorCount > 0 { parts.append(Self.count(errorCount, "error")) }
        if warningCount > 0 { parts.append(Self.count(warningCount, "warning")) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// `1 error`, `2 errors`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
