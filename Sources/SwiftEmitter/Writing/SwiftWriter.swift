import Diagnostics

/// The output buffer of `SwiftRenderer`: lines at an indentation, blank lines where they may go,
/// and comments with project text escaped. The file is one buffer of UTF-8 bytes that becomes a
/// `String` once, in `text`.
struct SwiftWriter {
    private var output: [UInt8] = []
    private var depth = 0
    private var wantsBlank = false
    /// False at the start, after a blank line and after a line ending in `{`: no blank line goes there.
    private var blankAllowed = false

    /// A writer whose buffer holds `capacity` bytes before it grows.
    init(capacity: Int = 1024) {
        output.reserveCapacity(capacity)
    }

    /// Requests one blank line before the next line. Blank lines never follow an opening brace,
    /// never precede a closing brace and never repeat, so callers may ask freely.
    mutating func blank() {
        wantsBlank = true
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
        var end = output.endIndex
        while end > 0, output[end - 1] == Self.newline { end -= 1 }
        // Every file ends in one line break already: decoded without a copy of the bytes first.
        guard end == output.endIndex - 1 else { return String(decoding: output[..<end], as: UTF8.self) + "\n" }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `text` is empty or all white space (the search stops at the first visible character).
    static func isBlank(_ text: String) -> Bool { text.allSatisfy(\.isWhitespace) }

    // MARK: Lines

    /// Appends one line at the current indentation; an empty line has no indentation. The line
    /// holds no line break: project text in it went through `doc`, `comment`, `SwiftLiteral`,
    /// `SwiftIdentifier` or `MarkdownText` (docs/generated-code.md).
    mutating func line(_ line: Line) {
        guard !line.isEmpty else {
            start(indented: false)
            blankAllowed = false
            return output.append(Self.newline)
        }
        start()
        add(line)
        end()
    }

    /// Starts a line (after the blank line asked for, when one may go here), to be filled with
    /// `add` and ended with `end`.
    mutating func start(indented: Bool = true) {
        if wantsBlank, blankAllowed { output.append(Self.newline) }
        wantsBlank = false
        if indented { for _ in 0..<4 * depth { output.append(Self.space) } }
    }

    /// Appends `piece` to the line `start` began; empty pieces (no modifiers) are common and cost nothing.
    mutating func add(_ piece: String) {
        if !piece.isEmpty { piece.withUTF8Bytes { output.append(contentsOf: $0) } }
    }

    /// Appends the pieces of `line`.
    mutating func add(_ line: Line) {
        add(line.first)
        for piece in line.rest { add(piece) }
    }

    /// Appends two or three pieces (not variadic: that would allocate an array per call).
    mutating func add(_ first: String, _ second: String, _ third: String = "") {
        add(first)
        add(second)
        if !third.isEmpty { add(third) }
    }

    /// Ends the line `start` began; no blank line may follow one that opens a block.
    mutating func end() {
        blankAllowed = output.last != Self.openingBrace
        output.append(Self.newline)
    }

    /// The columns of the line being written (its bytes since the last line break).
    var lineWidth: Int {
        output.count - 1 - (output.lastIndex(of: Self.newline) ?? -1)
    }

    /// Runs `body` one level deeper.
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// Writes the line that closes a block, e.g. `}`: no blank line goes before it.
    mutating func close(_ line: String) {
        wantsBlank = false
        self.line(Line(line))
    }

    /// Comment lines. Any line break a comment could hold ends a Swift comment, so every one of
    /// them starts a new comment line: text from the project never becomes code.
    private mutating func commentLines(_ text: String, marker: String) {
        // Most texts are one line without surrounding white space: written as they are.
        if let first = text.utf8.first, let last = text.utf8.last, !Self.isSpace(first), !Self.isSpace(last),
           !text.withUTF8Bytes({ $0.contains(where: Self.mayNeedEscaping) }) {
            start()
            add(marker, " ", text)
            return end()
        }
        for commentLine in Self.commentText(text) {
            start()
            commentLine.isEmpty ? add(marker) : add(marker, " ", commentLine)
            end()
        }
    }

    /// The lines of a comment holding `text`: split at every line break (so none ends the
    /// comment early and starts code), trimmed, and with every other invisible character spelled
    /// `\u{...}` (`SwiftLiteral.isInvisible`). The one escaping of project text in comments.
    static func commentText(_ text: String) -> [String] {
        trimmedLines(text).map(SwiftLiteral.visible)
    }

    private static let newline = UInt8(ascii: "\n")
    private static let openingBrace = UInt8(ascii: "{")
    private static let space = UInt8(ascii: " ")

    /// Spaces, tabs, line breaks and the bytes that start non-ASCII characters (which may be
    /// breaks or spaces, left to the general path).
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) || byte >= 0x80 }

    /// Control characters and the bytes that start non-ASCII characters: left to the general path.
    private static func mayNeedEscaping(_ byte: UInt8) -> Bool { byte < 0x20 || byte >= 0x7F }

    /// Lines of `text` (split at every line break: Swift's `\n`, `\r` and `\r\n`, and the
    /// vertical tab, form feed, NEL and Unicode separators that editors show as breaks) without
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
}

/// A line of code or Markdown as its pieces, the literal text and the names spelled into it:
/// `SwiftWriter` copies them into the file one after another, so no string is built per line
/// (interpolating one cost about 2,500 instructions, callgrind).
struct Line: ExpressibleByStringInterpolation, Sendable {
    fileprivate var first: String
    /// Empty, and so not allocated, for a line of one piece.
    fileprivate var rest: [String] = []

    init(_ text: String) { first = text }
    init(stringLiteral text: String) { first = text }
    init(stringInterpolation: Pieces) { self = stringInterpolation.line }

    var isEmpty: Bool { first.isEmpty && rest.allSatisfy(\.isEmpty) }

    struct Pieces: StringInterpolationProtocol {
        fileprivate var line = Line("")

        init(literalCapacity: Int, interpolationCount: Int) { line.rest.reserveCapacity(2 * interpolationCount) }
        mutating func appendLiteral(_ literal: String) { appendInterpolation(literal) }
        mutating func appendInterpolation(_ piece: String) {
            if line.first.isEmpty, line.rest.isEmpty { line.first = piece } else if !piece.isEmpty { line.rest.append(piece) }
        }
    }
}
