/// Builds the text of one generated file line by line: indentation, braces and blank lines are
/// handled here so that every renderer produces the same, hand-written-looking layout.
///
/// Renderers write lines as string literals, `w.line("public var \(name): \(type)")`. A line's
/// pieces go straight into the file's one `String`: `Line` keeps them rather than joining them, so
/// no line is built as a string of its own (a 1,000-table package is millions of lines).
struct SwiftWriter {
    private var output = ""
    private var depth = 0
    /// The spaces of `depth`, taken from `indentations`.
    private var indentation = ""
    private var wantsBlank = false
    /// False at the start, after a blank line and after a line ending in `{`: no blank line goes there.
    private var blankAllowed = false

    /// A writer whose buffer holds `capacity` bytes before it grows.
    init(capacity: Int = 1024) {
        output.reserveCapacity(capacity)
    }

    /// Appends one line at the current indentation; a line of no characters is an empty line,
    /// without indentation. The line holds no line break (see `lines` for text that does).
    mutating func line(_ line: Line) {
        startLine()
        guard !line.isEmpty else {
            endEmptyLine()
            return
        }
        output += indentation
        line.write(to: &output)
        endLine()
    }

    /// Appends each line of `text` (separated by `\n`) at the current indentation.
    mutating func lines(_ text: String) {
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            line("\(String(part))")
        }
    }

    /// Requests one blank line before the next line. Blank lines never follow an opening brace,
    /// never precede a closing brace and never repeat, so callers may ask freely.
    mutating func blank() {
        wantsBlank = true
    }

    /// Writes `header {`, the body one level deeper, then `}` (or `}` + `closing`, e.g. `}()`).
    mutating func block(_ header: Line, closing: String = "", _ body: (inout SwiftWriter) -> Void) {
        var header = header
        header.append(" {")
        line(header)
        indented(body)
        close(closing)
    }

    /// Writes `switch subject {` with the `case` lines at the level of the `switch`, as
    /// swift-format does.
    mutating func switchBlock(_ subject: String, _ body: (inout SwiftWriter) -> Void) {
        line("switch \(subject) {")
        body(&self)
        close("")
    }

    /// Lines longer than this are wrapped where the writer knows how (parameter lists).
    static let lineLimit = 120

    /// A block headed by `head(p1, p2) tail`: on one line when it fits, else one parameter per
    /// line, as swift-format does. Never a trailing comma (Swift before 6.1 rejects it in
    /// parameter lists).
    mutating func signatureBlock(_ head: String, _ parameters: [String], _ tail: String, _ body: (inout SwiftWriter) -> Void) {
        // GraphQL names are ASCII, so UTF-8 length is the column count (and O(1)).
        let width = head.utf8.count + 2 + parameters.reduce(0) { $0 + $1.utf8.count } + 2 * max(0, parameters.count - 1) + tail.utf8.count
        startLine()
        output += indentation
        output += head
        output += "("
        if parameters.isEmpty || indentation.utf8.count + width + 2 <= Self.lineLimit {
            for (index, parameter) in parameters.enumerated() {
                if index > 0 { output += ", " }
                output += parameter
            }
        } else {
            endLine()
            depth += 1
            indentation = Self.indentation(depth)
            for (index, parameter) in parameters.enumerated() {
                line(index < parameters.count - 1 ? "\(parameter)," : "\(parameter)")
            }
            depth -= 1
            indentation = Self.indentation(depth)
            output += indentation
        }
        output += ")"
        output += tail
        output += " {"
        endLine()
        indented(body)
        close("")
    }

    /// Writes `///` lines for `text`; nothing for nil or blank text.
    mutating func doc(_ text: String?) {
        guard let text, !Self.isBlank(text) else { return }
        commentLines(text, marker: "///")
    }

    /// Writes a `//` comment, one line per line of `text`.
    mutating func comment(_ text: String) {
        commentLines(text, marker: "//")
    }

    /// The text written so far, ending in exactly one newline.
    var text: String {
        var end = output.utf8.endIndex
        while end > output.utf8.startIndex, output.utf8[output.utf8.index(before: end)] == Self.newline {
            end = output.utf8.index(before: end)
        }
        // Every file ends in one line break already: returned without a copy.
        if output.utf8.distance(from: end, to: output.utf8.endIndex) == 1 { return output }
        return String(output[..<end]) + "\n"
    }

    /// Whether `text` is empty or all white space. Settled by the first byte when it is visible
    /// ASCII, as in nearly every doc comment, without segmenting the text into characters.
    static func isBlank(_ text: String) -> Bool {
        if let first = text.utf8.first, first < 0x80, !isSpace(first) { return false }
        return text.allSatisfy(\.isWhitespace)
    }

    // MARK: Lines

    /// The blank line asked for before this line, when one may go here.
    private mutating func startLine() {
        if wantsBlank, blankAllowed { output += "\n" }
        wantsBlank = false
    }

    /// Ends a line with characters; no blank line may follow one that opens a block.
    private mutating func endLine() {
        blankAllowed = output.utf8.last != Self.openingBrace
        output += "\n"
    }

    private mutating func endEmptyLine() {
        blankAllowed = false
        output += "\n"
    }

    private mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        indentation = Self.indentation(depth)
        body(&self)
        depth -= 1
        indentation = Self.indentation(depth)
    }

    /// Writes `}` + `closing` (which holds no line break).
    private mutating func close(_ closing: String) {
        wantsBlank = false
        output += indentation
        output += "}"
        output += closing
        endLine()
    }

    /// Comment lines. Any line break a comment could hold ends a Swift comment, so every one of
    /// them starts a new comment line: text from the project never becomes code.
    private mutating func commentLines(_ text: String, marker: String) {
        // Most texts are one line without surrounding white space: written as they are.
        if let first = text.utf8.first, let last = text.utf8.last, !Self.isSpace(first), !Self.isSpace(last),
           !text.utf8.contains(where: Self.isVerticalSpace) {
            line("\(marker) \(text)")
            return
        }
        for commentLine in Self.trimmedLines(text) {
            if commentLine.isEmpty { line("\(marker)") } else { line("\(marker) \(commentLine)") }
        }
    }

    private static let newline = UInt8(ascii: "\n")
    private static let openingBrace = UInt8(ascii: "{")

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || isVerticalSpace(byte) }

    /// Line breaks and the bytes that start non-ASCII characters (which may be breaks or spaces,
    /// left to the general path).
    private static func isVerticalSpace(_ byte: UInt8) -> Bool { (0x0A...0x0D).contains(byte) || byte >= 0x80 }

    /// Lines of `text` (split at every line break Swift knows: `\n`, `\r` and `\r\n`) without
    /// trailing white space and without leading or trailing empty lines.
    private static func trimmedLines(_ text: String) -> [String] {
        var result = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { raw -> String in
            var trimmed = raw
            while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
            return String(trimmed)
        }
        while result.first == "" { result.removeFirst() }
        while result.last == "" { result.removeLast() }
        return result
    }

    /// Indentation strings made once: every line starts with one.
    private static let indentations = (0..<16).map { String(repeating: " ", count: 4 * $0) }

    private static func indentation(_ depth: Int) -> String {
        depth < indentations.count ? indentations[depth] : String(repeating: " ", count: 4 * depth)
    }
}

extension SwiftWriter {
    /// One line of code as a string literal with interpolated strings, kept as its pieces so that
    /// writing it copies each piece once, into the file, without a string for the line.
    struct Line: ExpressibleByStringInterpolation {
        private var pieces: Pieces

        init(stringLiteral value: String) {
            pieces = Pieces(literalCapacity: 0, interpolationCount: 0)
            pieces.appendLiteral(value)
        }

        init(stringInterpolation: Pieces) {
            pieces = stringInterpolation
        }

        var isEmpty: Bool { pieces.count == 0 }

        mutating func append(_ piece: String) {
            pieces.appendLiteral(piece)
        }

        func write(to output: inout String) {
            pieces.write(to: &output)
        }
    }

    /// The pieces of a `Line`: the first eight in place (no line has more, but for a block's
    /// ` {`), any further ones joined.
    struct Pieces: StringInterpolationProtocol {
        private var first: (String, String, String, String, String, String, String, String) = ("", "", "", "", "", "", "", "")
        private var rest = ""
        private(set) var count = 0

        init(literalCapacity: Int, interpolationCount: Int) {}

        mutating func appendLiteral(_ literal: String) {
            add(literal)
        }

        mutating func appendInterpolation(_ value: String) {
            add(value)
        }

        private mutating func add(_ piece: String) {
            guard !piece.isEmpty else { return }
            switch count {
            case 0: first.0 = piece
            case 1: first.1 = piece
            case 2: first.2 = piece
            case 3: first.3 = piece
            case 4: first.4 = piece
            case 5: first.5 = piece
            case 6: first.6 = piece
            case 7: first.7 = piece
            default: rest += piece
            }
            count += 1
        }

        func write(to output: inout String) {
            guard count > 0 else { return }
            output += first.0
            guard count > 1 else { return }
            output += first.1
            guard count > 2 else { return }
            output += first.2
            guard count > 3 else { return }
            output += first.3
            guard count > 4 else { return }
            output += first.4
            guard count > 5 else { return }
            output += first.5
            guard count > 6 else { return }
            output += first.6
            guard count > 7 else { return }
            output += first.7
            output += rest
        }
    }
}
