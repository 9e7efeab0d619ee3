import Diagnostics

/// Plain and quoted scalars, including line folding and double-quoted escapes.
extension YAMLReader {
    /// Scans a plain scalar's part on the current line, up to a break, `: `, ` #` or (in flow context) a flow indicator.
    func scanPlainLine(flow: Bool) -> (end: Int, stoppedAtColon: Bool) {
        var end = pos
        while pos < bytes.count {
            let byte = bytes[pos]
            if isBreak(byte) { break }
            if byte == UInt8(ascii: ":") {
                let after = pos + 1
                if isBlankOrEnd(at: after) || (flow && after < bytes.count && isFlowIndicator(bytes[after])) {
                    return (end, true)
                }
            }
            if byte == UInt8(ascii: "#"), pos > 0, isSpace(bytes[pos - 1]) { break }
            if flow, isFlowIndicator(byte) { break }
            pos += 1
            if !isSpace(byte) { end = pos }
        }
        return (end, false)
    }

    /// A plain scalar from `pos`, folding onto following lines indented at least `minIndent`.
    func readPlainScalar(minIndent: Int, flow: Bool) -> YAMLNode {
        let start = pos
        var line = scanPlainLine(flow: flow)
        var text = Array(bytes[start..<line.end])
        var end = line.end
        while !line.stoppedAtColon, pos < bytes.count, isBreak(bytes[pos]) {
            let resume = pos
            var breaks = 0
            var isContinuation = false
            while pos < bytes.count, isBreak(bytes[pos]) {
                consumeBreak()
                breaks += 1
                let lineStart = pos
                skipSpaces()
                guard pos < bytes.count, !isBreak(bytes[pos]) else { continue }
                let byte = bytes[pos]
                let indent = pos - lineStart
                let isMarker = indent == 0 && (matches("---") || matches("..."))
                isContinuation = byte != UInt8(ascii: "#") && indent >= minIndent && !isMarker
                    && !(flow && isFlowIndicator(byte))
            }
            guard isContinuation else {
                pos = resume
                break
            }
            text += breaks == 1 ? [UInt8.space] : Array(repeating: UInt8.lineFeed, count: breaks - 1)
            let segmentStart = pos
            line = scanPlainLine(flow: flow)
            text += bytes[segmentStart..<line.end]
            end = line.end
        }
        return node(.scalar(YAMLScalar(String(decoding: text, as: UTF8.self), style: .plain)), start, end)
    }

    /// A single- or double-quoted scalar starting at the quote under `pos`. A line it goes on to indented
    /// less than `minIndent` (the next key, say) means the quote was never closed.
    func readQuotedScalar(minIndent: Int = 0) throws -> YAMLNode {
        let start = pos
        let quote = bytes[pos]
        let isDouble = quote == UInt8(ascii: "\"")
        pos += 1
        var text: [UInt8] = []
        // Folding trims trailing white space of a line, but never characters that came from escapes.
        var keep = 0
        while true {
            guard pos < bytes.count else {
                throw error("unterminated \(isDouble ? "double" : "single")-quoted scalar", at: start, length: 1)
            }
            let byte = bytes[pos]
            if byte == quote {
                if !isDouble, peek(1) == quote {
                    text.append(quote)
                    pos += 2
                    keep = text.count
                    continue
                }
                pos += 1
                break
            }
            if isDouble, byte == UInt8(ascii: "\\") {
                guard let next = peek(1) else {
                    throw error("unterminated double-quoted scalar", at: start, length: 1)
                }
                if isBreak(next) {
                    // An escaped line break joins the lines without a space.
                    pos += 1
                    consumeBreak()
                    skipSpaces()
                } else {
                    try readEscape(into: &text)
                }
                keep = text.count
                continue
            }
            if isBreak(byte) {
                text.removeSubrange(keep...)
                var breaks = 0
                repeat {
                    consumeBreak()
                    breaks += 1
                    skipSpaces()
                } while pos < bytes.count && isBreak(bytes[pos])
                if column(of: pos) == 0, matches("---") || matches("...") {
                    throw error("a document marker cannot appear inside a quoted scalar", at: pos, length: 3)
                }
                if pos < bytes.count, column(of: pos) < minIndent {
                    throw error("unterminated \(isDouble ? "double" : "single")-quoted scalar; a value that goes on to the next line must indent it more than its key",
                                at: start, length: 1)
                }
                text += breaks == 1 ? [UInt8.space] : Array(repeating: UInt8.lineFeed, count: breaks - 1)
                keep = text.count
                continue
            }
            text.append(byte)
            pos += 1
            if !isSpace(byte) { keep = text.count }
        }
        let style: YAMLScalarStyle = isDouble ? .doubleQuoted : .singleQuoted
        return node(.scalar(YAMLScalar(String(decoding: text, as: UTF8.self), style: style)), start, pos)
    }

    /// One YAML 1.2 escape sequence at `pos` (the backslash), appended to `text` as UTF-8.
    private func readEscape(into text: inout [UInt8]) throws {
        let start = pos
        guard let code = peek(1) else { return }
        pos += 2
        var value: UInt32 = 0
        if let simple = Self.simpleEscapes[code] {
            value = simple
        } else if let digits = Self.hexEscapeDigits[code] {
            for index in 0..<digits {
                guard let byte = peek(), let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                    let letter = Character(Unicode.Scalar(code))
                    throw error("'\\\(letter)' must be followed by \(digits) hexadecimal digits", at: start, length: 2 + index)
                }
                value = value &* 16 &+ UInt32(digit)
                pos += 1
            }
        } else {
            let shown = code < 0x80 ? String(Character(Unicode.Scalar(code))) : "…"
            throw error("unknown escape sequence '\\\(shown)'", at: start, length: 2)
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error("escape sequence names an invalid Unicode code point", at: start, length: pos - start)
        }
        text += Array(String(Character(scalar)).utf8)
    }

    /// The escapes of one character after the backslash, and the code points they stand for.
    private static let simpleEscapes = [UInt8: UInt32](uniqueKeysWithValues: zip(
        "0abt\tnvfre \"/\\N_LP".utf8,
        [0, 0x07, 0x08, 0x09, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1B, 0x20, 0x22, 0x2F, 0x5C, 0x85, 0xA0, 0x2028, 0x2029]
    ))
    /// `\x`, `\u` and `\U`, with the number of hexadecimal digits that follow.
    private static let hexEscapeDigits: [UInt8: Int] = [UInt8(ascii: "x"): 2, UInt8(ascii: "u"): 4, UInt8(ascii: "U"): 8]

    func isFlowIndicator(_ byte: UInt8) -> Bool {
        ",[]{}".utf8.contains(byte)
    }
}
