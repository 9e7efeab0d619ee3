import Diagnostics

/// Plain and quoted scalars, including line folding and double-quoted escapes.
extension YAMLReader {
    /// Scans the part of a plain scalar on the current line. Stops, leaving `pos` there, at a line
    /// break, a `: ` value indicator, a ` #` comment or (in flow context) a flow indicator.
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

    /// A single- or double-quoted scalar starting at the quote under `pos`. Lines it goes on to
    /// must be indented at least `minIndent`: a line that is not (the next key, say) means the
    /// quote was never closed, and the error points at the quote that opened it.
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
        let simple: UInt32?
        switch code {
        case UInt8(ascii: "0"): simple = 0
        case UInt8(ascii: "a"): simple = 0x07
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "t"), .tab: simple = 0x09
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "v"): simple = 0x0B
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "e"): simple = 0x1B
        case .space: simple = 0x20
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "N"): simple = 0x85
        case UInt8(ascii: "_"): simple = 0xA0
        case UInt8(ascii: "L"): simple = 0x2028
        case UInt8(ascii: "P"): simple = 0x2029
        default: simple = nil
        }
        var value: UInt32
        if let simple {
            value = simple
        } else {
            let digits: Int
            switch code {
            case UInt8(ascii: "x"): digits = 2
            case UInt8(ascii: "u"): digits = 4
            case UInt8(ascii: "U"): digits = 8
            default:
                let shown = code < 0x80 ? String(Character(Unicode.Scalar(code))) : "…"
                throw error("unknown escape sequence '\\\(shown)'", at: start, length: 2)
            }
            value = 0
            for index in 0..<digits {
                guard let byte = peek(), let digit = hexValue(byte) else {
                    let letter = Character(Unicode.Scalar(code))
                    throw error("'\\\(letter)' must be followed by \(digits) hexadecimal digits", at: start, length: 2 + index)
                }
                value = value &* 16 &+ digit
                pos += 1
            }
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error("escape sequence names an invalid Unicode code point", at: start, length: pos - start)
        }
        text += Array(String(Character(scalar)).utf8)
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }
}
