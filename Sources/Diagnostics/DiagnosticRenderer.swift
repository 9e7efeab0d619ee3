/// Renders diagnostics as text for a terminal or a log:
///
/// ```
/// connector/queries.gql:3:5: error: Cannot query field "titel" on type "Movie". [validation.fields-on-correct-type]
///     3 |     titel
///       |     ^~~~~
/// ```
///
/// The diagnostic's ID ends the line in brackets, as compilers print warning flags, so that
/// `path:line:col: error: message` stays what Xcode and editors parse. Paths are shown relative to
/// `currentDirectory` when that is shorter; colour is opt-in.
public struct DiagnosticRenderer: Sendable {
    public var currentDirectory: String?
    public var useColor: Bool

    public init(currentDirectory: String? = nil, useColor: Bool = false) {
        self.currentDirectory = currentDirectory
        self.useColor = useColor
    }

    /// The full rendering of one diagnostic: header line, excerpt, then its notes.
    public func render(_ diagnostic: Diagnostic) -> String {
        var lines = block(severity: diagnostic.severity, message: diagnostic.message, id: diagnostic.id, span: diagnostic.span)
        for note in diagnostic.notes {
            lines += block(severity: .note, message: note.message, id: nil, span: note.span)
        }
        return lines.joined(separator: "\n")
    }

    /// The first `Limits.diagnosticsPrinted` diagnostics, a line counting the rest, then the
    /// summary line (`2 errors, 1 warning`); nil when there are none.
    public func render(_ collector: DiagnosticCollector) -> String? {
        guard !collector.diagnostics.isEmpty else { return nil }
        let sorted = DiagnosticCollector.ordered(collector.diagnostics)
        var blocks = sorted.prefix(Limits.diagnosticsPrinted).map(render)
        if sorted.count > Limits.diagnosticsPrinted {
            let rest = sorted[Limits.diagnosticsPrinted...]
            let parts = [Severity.error, .warning, .note].compactMap { severity in
                let count = rest.count(where: { $0.severity == severity })
                return count == 0 ? nil : DiagnosticCollector.count(count, "more \(severity.rawValue)")
            }
            blocks.append("and \(parts.joined(separator: ", ")) not shown")
        }
        if let summary = collector.summary { blocks.append(summary) }
        return blocks.joined(separator: "\n")
    }

    /// The path as shown to the user.
    public func displayPath(_ path: String) -> String {
        guard let currentDirectory else { return path }
        return RelativePath.display(path, from: currentDirectory)
    }

    private func block(severity: Severity, message: String, id: DiagnosticID?, span: SourceSpan?) -> [String] {
        var header = span.map { paint($0.position(showing: displayPath($0.file.path)) + ":", Self.bold) + " " } ?? ""
        header += paint("\(severity.rawValue):", Self.colors[severity] ?? Self.bold) + " " + paint(message, Self.bold)
        if let id { header += " [\(id.rawValue)]" }
        guard let span, let range = span.range, let excerpt = excerpt(span.file, range) else { return [header] }
        return [header] + excerpt
    }

    /// The first line of the range with a caret under its start and tildes along the rest of that line. A
    /// line wider than `Limits.excerptWidth` is cut to a window around the caret, found from the start's
    /// byte offset: a 50 MB line must not be printed, nor scanned, for every error on it.
    private func excerpt(_ file: SourceFile, _ range: SourceRange) -> [String]? {
        let line = range.start.line
        guard line >= 1, line <= file.lineStarts.count else { return nil }
        let bytes = file.bytes
        let lineStart = file.lineStarts[line - 1]
        var lineEnd = line < file.lineStarts.count ? file.lineStarts[line] : bytes.count
        while lineEnd > lineStart, bytes[lineEnd - 1] == 0x0A || bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        let caret = min(max(range.start.offset, lineStart), lineEnd)
        let isContinuation = { (index: Int) in bytes[index] & 0b1100_0000 == 0b1000_0000 }
        // Half the width before the caret, the rest after it.
        var first = caret
        var before = 0
        while first > lineStart, before < Limits.excerptWidth / 2 {
            first -= 1
            while first > lineStart, isContinuation(first) { first -= 1 }
            before += 1
        }
        var last = caret
        var after = 0
        while last < lineEnd, before + after < Limits.excerptWidth {
            last += 1
            while last < lineEnd, isContinuation(last) { last += 1 }
            after += 1
        }
        let cutBefore = first > lineStart
        let cutAfter = last < lineEnd
        let text = (cutBefore ? "…" : "") + String(decoding: bytes[first..<last], as: UTF8.self) + (cutAfter ? "…" : "")
        let underlineEnd = range.end.line == line ? min(max(range.end.offset, caret), last) : last
        let underlined = String(decoding: bytes[caret..<underlineEnd], as: UTF8.self).unicodeScalars.count
        // Keep tabs in the indentation so the caret lines up however the terminal expands them.
        let indent = (cutBefore ? " " : "") + String(decoding: bytes[first..<caret], as: UTF8.self).unicodeScalars
            .map { $0 == "\t" ? "\t" : " " }.joined()
        let marker = "^" + String(repeating: "~", count: max(0, underlined - 1))
        let gutter = String(line)
        let pad = String(repeating: " ", count: gutter.count)
        return [
            text.isEmpty ? "    \(gutter) |" : "    \(gutter) | \(text)",
            "    \(pad) | \(indent)\(paint(marker, Self.green))",
        ]
    }

    /// SGR codes: bold, and bold in red, magenta, cyan or green.
    private static let bold = "1"
    private static let green = "1;32"
    private static let colors: [Severity: String] = [.error: "1;31", .warning: "1;35", .note: "1;36"]

    private func paint(_ text: String, _ style: String) -> String {
        useColor ? "\u{1B}[\(style)m\(text)\u{1B}[0m" : text
    }
}
