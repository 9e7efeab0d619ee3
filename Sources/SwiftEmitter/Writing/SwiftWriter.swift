import Diagnostics
import Foundation

/// Builds Swift source text line by line: indentation, braces and blank lines are handled here so
/// that every renderer produces the same, hand-written-looking layout.
///
/// Text goes straight into one byte buffer and lines are found by scanning UTF-8 bytes: generated
/// packages reach tens of megabytes, where per-line strings and `Character` splitting dominated.
struct SwiftWriter {
    static let indentUnit = "    "

    private var output = ByteBuffer()
    private var depth = 0
    private var wantsBlank = false
    /// False at the start, after a blank line and after a line ending in `{`: no blank line goes there.
    private var blankAllowed = false

    init() {}

    /// Appends `text` at the current indentation; each line of a multi-line text is indented.
    mutating func line(_ text: String) {
        if wantsBlank, blankAllowed {
            output.append(Self.newline)
        }
        wantsBlank = false
        text.withUTF8Bytes { appendLines($0) }
    }

    /// Appends each line of `bytes` (separated by newlines) at the current indentation.
    private mutating func appendLines(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard var rest = bytes.baseAddress else {
            appendLine(UnsafeBufferPointer(start: nil, count: 0))
            return
        }
        let end = rest + bytes.count
        while let newline = memchr(rest, Int32(Self.newline), end - rest) {
            let lineEnd = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self))
            appendLine(UnsafeBufferPointer(start: rest, count: lineEnd - rest))
            rest = lineEnd + 1
        }
        appendLine(UnsafeBufferPointer(start: rest, count: end - rest))
    }

    /// Appends one line made of up to eight parts, which hold no line breaks: for the hottest
    /// lines, where building the line as an interpolated `String` first cost more than writing
    /// it. Fixed parameters rather than a variadic list, which allocated an array per line.
    mutating func line(
        parts p0: String, _ p1: String = "", _ p2: String = "", _ p3: String = "",
        _ p4: String = "", _ p5: String = "", _ p6: String = "", _ p7: String = ""
    ) {
        startLine()
        guard !(p0.isEmpty && p1.isEmpty && p2.isEmpty && p3.isEmpty && p4.isEmpty && p5.isEmpty && p6.isEmpty && p7.isEmpty) else {
            endLine()
            return
        }
        appendIndentation()
        append(p0); append(p1); append(p2); append(p3); append(p4); append(p5); append(p6); append(p7)
        endLine()
    }

    /// `line(parts:)` for any number of parts.
    private mutating func line(partList parts: [String]) {
        startLine()
        if parts.contains(where: { !$0.isEmpty }) {
            appendIndentation()
            for part in parts { append(part) }
        }
        endLine()
    }

    /// The blank line asked for before this one, when one may go here.
    private mutating func startLine() {
        if wantsBlank, blankAllowed {
            output.append(Self.newline)
        }
        wantsBlank = false
    }

    private mutating func appendIndentation() {
        output.append(repeating: UInt8(ascii: " "), count: depth * Self.indentUnit.utf8.count)
    }

    private mutating func append(_ part: String) {
        guard !part.isEmpty else { return }
        output.append(part)
    }

    /// Ends the line begun since the last newline; an empty line allows no blank line after it.
    private mutating func endLine() {
        let last = output.last
        blankAllowed = last != Self.newline && last != Self.openingBrace && last != nil
        output.append(Self.newline)
    }

    /// Requests one blank line before the next line. Blank lines never follow an opening brace,
    /// never precede a closing brace and never repeat, so callers may ask freely.
    mutating func blank() {
        wantsBlank = true
    }

    /// Writes `header {`, the body one level deeper, then `}` (or `}` + `closing`, e.g. `}()`).
    mutating func block(_ header: String, closing: String = "", _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        close(closing)
    }

    /// `block` with the header made of up to seven parts, which hold no line breaks.
    mutating func block(
        parts p0: String, _ p1: String = "", _ p2: String = "", _ p3: String = "", _ p4: String = "",
        _ p5: String = "", _ p6: String = "", body: (inout SwiftWriter) -> Void
    ) {
        line(parts: p0, p1, p2, p3, p4, p5, p6, " {")
        depth += 1
        body(&self)
        depth -= 1
        close("")
    }

    /// Writes `switch subject {` with the `case` lines at the level of the `switch`, as
    /// swift-format does.
    mutating func switchBlock(_ subject: String, _ body: (inout SwiftWriter) -> Void) {
        line("switch \(subject) {")
        body(&self)
        close("")
    }

    /// Writes `}` + `closing` (which holds no line break) without joining them first.
    private mutating func close(_ closing: String) {
        wantsBlank = false
        appendIndentation()
        output.append(Self.closingBrace)
        append(closing)
        blankAllowed = (closing.utf8.last ?? Self.closingBrace) != Self.openingBrace
        output.append(Self.newline)
    }

    private mutating func appendLine(_ part: UnsafeBufferPointer<UInt8>) {
        if part.isEmpty {
            blankAllowed = false
        } else {
            appendIndentation()
            output.append(part)
            blankAllowed = part.last != Self.openingBrace
        }
        output.append(Self.newline)
    }

    private static let newline = UInt8(ascii: "\n")
    private static let openingBrace = UInt8(ascii: "{")
    private static let closingBrace = UInt8(ascii: "}")

    /// Lines longer than this are wrapped where the writer knows how (parameter lists).
    static let lineLimit = 120

    /// A block headed by `head(p1, p2) tail`: on one line when it fits, else one parameter per
    /// line, as swift-format does. Never a trailing comma (Swift before 6.1 rejects it in
    /// parameter lists).
    mutating func signatureBlock(_ head: String, _ parameters: [String], _ tail: String, _ body: (inout SwiftWriter) -> Void) {
        // GraphQL names are ASCII, so UTF-8 length is the column count (and O(1)).
        let width = head.utf8.count + 2 + parameters.reduce(0) { $0 + $1.utf8.count } + 2 * max(0, parameters.count - 1) + tail.utf8.count
        if parameters.isEmpty || depth * Self.indentUnit.utf8.count + width + 2 <= Self.lineLimit {
            var parts = [head, "("]
            parts.reserveCapacity(2 * parameters.count + 4)
            for (index, parameter) in parameters.enumerated() {
                if index > 0 { parts.append(", ") }
                parts.append(parameter)
            }
            parts += [")", tail, " {"]
            line(partList: parts)
        } else {
            line(parts: head, "(")
            depth += 1
            for (index, parameter) in parameters.enumerated() {
                line(parts: parameter, index < parameters.count - 1 ? "," : "")
            }
            depth -= 1
            line(parts: ")", tail, " {")
        }
        depth += 1
        body(&self)
        depth -= 1
        close("")
    }

    /// Writes `///` lines for `text`; nothing for nil or blank text.
    mutating func doc(_ text: String?) {
        guard let text, !Self.isBlank(text) else { return }
        commentLines(text, marker: "///")
    }

    /// Whether `text` is empty or all white space. Settled by the first byte when it is visible
    /// ASCII, as in nearly every doc comment, without segmenting the text into characters.
    static func isBlank(_ text: String) -> Bool {
        if let first = text.utf8.first, first < 0x80, !isSpace(first) { return false }
        return text.allSatisfy(\.isWhitespace)
    }

    /// Writes a `//` comment, one line per line of `text`.
    mutating func comment(_ text: String) {
        commentLines(text, marker: "//")
    }

    private mutating func commentLines(_ text: String, marker: String) {
        // Most texts are one line without surrounding whitespace: written as they are.
        if let first = text.utf8.first, let last = text.utf8.last, !Self.isSpace(first), !Self.isSpace(last),
           !Self.hasVerticalSpace(text) {
            line(parts: marker, " ", text)
            return
        }
        for commentLine in Self.trimmedLines(text) {
            if commentLine.isEmpty { line(marker) } else { line(parts: marker, " ", commentLine) }
        }
    }

    /// The text written so far, ending in exactly one newline.
    var text: String {
        output.withBytes { bytes in
            var end = bytes.count
            while end > 0, bytes[end - 1] == Self.newline { end -= 1 }
            // Built in place: decoding and then appending the newline would copy megabytes twice.
            return String(unsafeUninitializedCapacity: end + 1) { buffer in
                _ = buffer.initialize(from: bytes[..<end])
                buffer[end] = Self.newline
                return end + 1
            }
        }
    }

    /// `body` given the bytes of `text`, in place when the writer ends in a newline (as every
    /// file does): an unchanged file is then compared with the disk without a copy of its text.
    func withTextBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let inPlace: Result? = output.withBytes { bytes in
            var end = bytes.count
            while end > 0, bytes[end - 1] == Self.newline { end -= 1 }
            return end < bytes.count ? body(UnsafeBufferPointer(rebasing: bytes[...end])) : nil
        }
        return inPlace ?? text.withUTF8Bytes(body)
    }

    /// Whether `text` holds a byte of `isVerticalSpace`, scanned in place where the text is contiguous.
    private static func hasVerticalSpace(_ text: String) -> Bool {
        text.withUTF8Bytes { $0.contains(where: isVerticalSpace) }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || isVerticalSpace(byte) }

    /// Line breaks and the bytes that start non-ASCII characters (which may be breaks or spaces,
    /// left to the general path).
    private static func isVerticalSpace(_ byte: UInt8) -> Bool { (0x0A...0x0D).contains(byte) || byte >= 0x80 }

    /// Lines of `text` without trailing whitespace and without leading or trailing empty lines.
    private static func trimmedLines(_ text: String) -> [String] {
        var result = text.utf8.split(separator: newline, omittingEmptySubsequences: false).map { raw -> String in
            var trimmed = Substring(raw)
            while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
            return String(trimmed)
        }
        while result.first == "" { result.removeFirst() }
        while result.last == "" { result.removeLast() }
        return result
    }
}
