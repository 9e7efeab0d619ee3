/// Renders diagnostics as text for a terminal or a log:
///
/// ```
/// connector/queries.gql:3:5: error: Cannot query field "titel" on type "Movie".
///     3 |     titel
///       |     ^~~~~
/// ```
///
/// Paths are shown relative to `currentDirectory` when that is shorter; colour is opt-in.
public struct DiagnosticRenderer: Sendable {
    public var currentDirectory: String?
    public var useColor: Bool

    public init(currentDirectory: String? = nil, useColor: Bool = false) {
        self.currentDirectory = currentDirectory
        self.useColor = useColor
    }

    /// The full rendering of one diagnostic: header line, excerpt, then its notes.
    public func render(_ diagnostic: Diagnostic) -> String {
        var lines = block(severity: diagnostic.severity, message: diagnostic.message, span: diagnostic.span)
        for note in diagnostic.notes {
            lines += block(severity: .note, message: note.message, span: note.span)
        }
        return lines.joined(separator: "\n")
    }

    /// Every diagnostic followed by the summary line (`2 errors, 1 warning`), or nil when there are none.
    public func render(_ collector: DiagnosticCollector) -> String? {
        guard let summary = collector.summary else {
            return collector.diagnostics.isEmpty ? nil : collector.sorted.map(render).joined(separator: "\n")
        }
        return (collector.sorted.map(render) + [summary]).joined(separator: "\n")
    }

    /// The path as shown to the user.
    public func displayPath(_ path: String) -> String {
        guard let currentDirectory else { return path }
        return RelativePath.display(path, from: currentDirectory)
    }

    private func block(severity: Severity, message: String, span: SourceSpan?) -> [String] {
        var header = ""
        if let span {
            header = displayPath(span.file.path)
            if let range = span.range { header += ":\(range.start.line):\(range.start.column)" }
            header = paint(header + ":", .bold) + " "
        }
        header += paint("\(severity.rawValue):", severity.color) + " " + paint(message, .bold)
        guard let span, let range = span.range, let excerpt = excerpt(span.file, range) else { return [header] }
        return [header] + excerpt
    }

    /// The first line of the range with a caret under its start and tildes along the rest of that line.
    private func excerpt(_ file: SourceFile, _ range: SourceRange) -> [String]? {
        guard let text = file.lineText(range.start.line) else { return nil }
        let gutter = String(range.start.line)
        let pad = String(repeating: " ", count: gutter.count)
        let scalars = Array(text.unicodeScalars)
        let startColumn = min(range.start.column, scalars.count + 1)
        let endColumn = range.end.line == range.start.line ? min(range.end.column, scalars.count + 1) : scalars.count + 1
        // Keep tabs in the indentation so the caret lines up however the terminal expands them.
        let indent = scalars.prefix(startColumn - 1).map { $0 == "\t" ? "\t" : " " }.joined()
        let marker = "^" + String(repeating: "~", count: max(0, endColumn - startColumn - 1))
        return [
            text.isEmpty ? "    \(gutter) |" : "    \(gutter) | \(text)",
            "    \(pad) | \(indent)\(paint(marker, .green))",
        ]
    }

    fileprivate enum Style: String {
        case bold = "1"
        case red = "1;31"
        case magenta = "1;35"
        case cyan = "1;36"
        case green = "1;32"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        useColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

private extension Severity {
    var color: DiagnosticRenderer.Style {
        switch self {
        case .error: .red
        case .warning: .magenta
        case .note: .cyan
        }
    }
}
