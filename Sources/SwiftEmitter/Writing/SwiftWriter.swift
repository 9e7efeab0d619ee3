import Foundation

/// Builds Swift source text line by line: indentation, braces and blank lines are handled here so
/// that every renderer produces the same, hand-written-looking layout.
///
/// Text goes straight into one byte buffer and lines are found by scanning UTF-8 bytes: generated
/// packages reach tens of megabytes, where per-line strings and `Character` splitting dominated.
struct SwiftWriter {
    static let indentUnit = "    "

    private var output: [UInt8] = []
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
        var text = text
        text.withUTF8 { bytes in
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
    }

    /// Appends one line made of `parts`, which hold no line breaks: for the hottest lines, where
    /// building the line as an interpolated `String` first cost more than writing it.
    mutating func line(parts: String...) {
        line(partList: parts)
    }

    private mutating func line(partList parts: [String]) {
        if wantsBlank, blankAllowed {
            output.append(Self.newline)
        }
        wantsBlank = false
        guard parts.contains(where: { !$0.isEmpty }) else {
            blankAllowed = false
            output.append(Self.newline)
            return
        }
        Self.indentation.withUnsafeBufferPointer { spaces in
            output.append(contentsOf: UnsafeBufferPointer(rebasing: spaces[..<min(depth * Self.indentUnit.utf8.count, spaces.count)]))
        }
        var last: UInt8 = Self.newline
        for var part in parts {
            part.withUTF8 { bytes in
                output.append(contentsOf: bytes)
                if let final = bytes.last { last = final }
            }
        }
        blankAllowed = last != Self.openingBrace
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

    /// `block` with the header made of `parts`, which hold no line breaks.
    mutating func block(parts: String..., body: (inout SwiftWriter) -> Void) {
        line(partList: parts + [" {"])
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

    private mutating func close(_ closing: String) {
        wantsBlank = false
        var line = "}" + closing
        line.withUTF8 { appendLine($0) }
    }

    private mutating func appendLine(_ part: UnsafeBufferPointer<UInt8>) {
        if part.isEmpty {
            blankAllowed = false
        } else {
            Self.indentation.withUnsafeBufferPointer { spaces in
                output.append(contentsOf: UnsafeBufferPointer(rebasing: spaces[..<min(depth * Self.indentUnit.utf8.count, spaces.count)]))
            }
            output.append(contentsOf: part)
            blankAllowed = part.last != Self.openingBrace
        }
        output.append(Self.newline)
    }

    /// Spaces for indentation, sliced to the depth; generated code never nests deeper.
    private static let indentation = [UInt8](repeating: UInt8(ascii: " "), count: 256)

    private static let newline = UInt8(ascii: "\n")
    private static let openingBrace = UInt8(ascii: "{")

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
        guard let text, !text.allSatisfy(\.isWhitespace) else { return }
        commentLines(text, marker: "///")
    }

    /// Writes a `//` comment, one line per line of `text`.
    mutating func comment(_ text: String) {
        commentLines(text, marker: "//")
    }

    private mutating func commentLines(_ text: String, marker: String) {
        // Most texts are one line without surrounding whitespace: written as they are.
        if let first = text.utf8.first, let last = text.utf8.last, !Self.isSpace(first), !Self.isSpace(last),
           !text.utf8.contains(where: Self.isVerticalSpace) {
            line(parts: marker, " ", text)
            return
        }
        for commentLine in Self.trimmedLines(text) {
            if commentLine.isEmpty { line(marker) } else { line(parts: marker, " ", commentLine) }
        }
    }

    /// The text written so far, ending in exactly one newline.
    var text: String {
        var end = output.endIndex
        while end > output.startIndex, output[end - 1] == Self.newline { end -= 1 }
        // Built in place: decoding and then appending the newline would copy megabytes twice.
        return String(unsafeUninitializedCapacity: end + 1) { buffer in
            _ = buffer.initialize(from: output[..<end])
            buffer[end] = Self.newline
            return end + 1
        }
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
