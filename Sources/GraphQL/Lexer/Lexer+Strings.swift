import Diagnostics

/// What an escape sequence in a string stands for, or why it is invalid.
enum Escape {
    /// A valid escape: the scalar it encodes and its length in bytes (escapes are ASCII).
    case scalar(UInt32, length: Int)
    /// An unknown `\x` escape; the count is how many characters the message quotes.
    case invalidCharacter(characters: Int)
    /// A malformed `\u` escape; the count is how many characters the message quotes.
    case invalidUnicode(characters: Int)
}

extension Lexer {
    // MARK: - Scanning (validates, builds no value)

    /// Scans a `"string"` starting at `position`, validating its escapes and characters.
    mutating func scanString() throws {
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                position += try validEscapeLength(at: position)
                continue
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            if byte < 0x80 { position += 1 } else { try skipMultibyteScalar() }
        }
        throw error("Unterminated string.", at: position)
    }

    /// Scans a `"""block string"""` starting at `position`; it may span lines. Descriptions are most
    /// of a schema's bytes, so this loop works on locals over the raw buffer.
    mutating func scanBlockString() throws {
        var index = position + 3
        var lineCount = 0
        var newLineStart = lineStart
        var newContinuations = continuations
        var terminated = false
        var invalidAt: Int?
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            while index < count {
                let byte = buffer[index]
                if byte < 0x80 {
                    if byte > UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                        index += 1
                    } else if byte == UInt8(ascii: "\"") {
                        if index + 2 < count, buffer[index + 1] == UInt8(ascii: "\""), buffer[index + 2] == UInt8(ascii: "\"") {
                            index += 3
                            terminated = true
                            return
                        }
                        index += 1
                    } else if byte == UInt8(ascii: "\\") {
                        let escapesQuotes = index + 3 < count && buffer[index + 1] == UInt8(ascii: "\"")
                            && buffer[index + 2] == UInt8(ascii: "\"") && buffer[index + 3] == UInt8(ascii: "\"")
                        index += escapesQuotes ? 4 : 1
                    } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                        index += 1
                        if byte == UInt8(ascii: "\r"), index < count, buffer[index] == UInt8(ascii: "\n") { index += 1 }
                        lineCount += 1
                        newLineStart = index
                        newContinuations = 0
                    } else {
                        index += 1
                    }
                } else if let length = UTF8Scalar.decode(buffer, at: index)?.length {
                    index += length
                    newContinuations += length - 1
                } else {
                    invalidAt = index
                    return
                }
            }
        }
        position = index
        line += lineCount
        lineStart = newLineStart
        continuations = newContinuations
        if let invalidAt {
            position = invalidAt
            throw invalidUTF8(at: invalidAt)
        }
        if !terminated { throw error("Unterminated string.", at: position) }
    }

    private func validEscapeLength(at offset: Int) throws -> Int {
        let kind: String, characters: Int
        switch Self.readEscape(in: bytes, at: offset) {
        case .scalar(_, let length): return length
        case .invalidCharacter(let count): (kind, characters) = ("character", count)
        case .invalidUnicode(let count): (kind, characters) = ("Unicode", count)
        }
        let end = Self.offset(in: bytes, from: offset, advancingCharacters: characters)
        throw error("Invalid \(kind) escape sequence: \"\(text(offset..<end))\".", covering: offset..<end)
    }

    // MARK: - Escapes

    /// Reads the escape sequence whose backslash is at `offset`.
    static func readEscape(in bytes: [UInt8], at offset: Int) -> Escape {
        guard offset + 1 < bytes.count else { return .invalidCharacter(characters: 1) }
        if let scalar = simpleEscapes[bytes[offset + 1]] { return .scalar(scalar, length: 2) }
        guard bytes[offset + 1] == UInt8(ascii: "u") else { return .invalidCharacter(characters: 2) }
        if offset + 2 < bytes.count, bytes[offset + 2] == UInt8(ascii: "{") {
            return readVariableWidthEscape(in: bytes, at: offset)
        }
        return readFixedWidthEscape(in: bytes, at: offset)
    }

    /// The escapes of one character after the backslash and the scalars they stand for.
    private static let simpleEscapes = [UInt8: UInt32](
        uniqueKeysWithValues: zip("\"\\/bfnrt".utf8, [0x22, 0x5C, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x09]))

    /// `\u{1F600}`: one to eight hex digits (the whole escape at most 12 characters) naming a scalar.
    private static func readVariableWidthEscape(in bytes: [UInt8], at offset: Int) -> Escape {
        var point: UInt32 = 0
        var size = 3
        while size < 12 {
            let index = offset + size
            size += 1
            guard index < bytes.count else { break }
            if bytes[index] == UInt8(ascii: "}") {
                guard size >= 5, isScalarValue(point) else { break }
                return .scalar(point, length: size)
            }
            guard let digit = hexValue(bytes[index]) else { break }
            point = point << 4 | digit
        }
        return .invalidUnicode(characters: size)
    }

    /// `\u0041`, or a surrogate pair written as two escapes `\uD83D\uDE00`; lone surrogates are errors.
    private static func readFixedWidthEscape(in bytes: [UInt8], at offset: Int) -> Escape {
        guard let code = hex4(in: bytes, at: offset + 2) else { return .invalidUnicode(characters: 6) }
        if isScalarValue(code) { return .scalar(code, length: 6) }
        if (0xD800...0xDBFF).contains(code), offset + 7 < bytes.count,
           bytes[offset + 6] == UInt8(ascii: "\\"), bytes[offset + 7] == UInt8(ascii: "u"),
           let trailing = hex4(in: bytes, at: offset + 8), (0xDC00...0xDFFF).contains(trailing) {
            return .scalar(0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00), length: 12)
        }
        return .invalidUnicode(characters: 6)
    }

    private static func hex4(in bytes: [UInt8], at offset: Int) -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for index in offset..<(offset + 4) {
            guard let digit = hexValue(bytes[index]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        Character(Unicode.Scalar(byte)).hexDigitValue.map(UInt32.init)
    }

    static func isScalarValue(_ point: UInt32) -> Bool {
        point <= 0xD7FF || (0xE000...0x10FFFF).contains(point)
    }

    /// The offset `characters` Unicode scalars after `offset`, stopping at the end of the input.
    static func offset(in bytes: [UInt8], from offset: Int, advancingCharacters characters: Int) -> Int {
        var index = offset
        for _ in 0..<characters where index < bytes.count {
            index += UTF8Scalar.decode(bytes, at: index)?.length ?? 1
        }
        return min(index, bytes.count)
    }

    // MARK: - Values

    /// The value of the `"string"` token at `offsets`, with escapes replaced.
    func stringValue(_ offsets: Range<Int>) -> String {
        let lower = min(offsets.lowerBound + 1, bytes.count)
        let upper = max(lower, min(offsets.upperBound - 1, bytes.count))
        guard bytes[lower..<upper].contains(UInt8(ascii: "\\")) else { return text(lower..<upper) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(upper - lower)
        var index = lower
        while index < upper {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                index += 1
                continue
            }
            guard case .scalar(let scalar, let length) = Self.readEscape(in: bytes, at: index),
                  let character = Unicode.Scalar(scalar) else {
                // Unreachable for a scanned token; keep the text rather than trap.
                decoded.append(byte)
                index += 1
                continue
            }
            decoded.append(contentsOf: String(Character(character)).utf8)
            index += length
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The value of the `"""block string"""` token at `offsets` (see `BlockString.value`).
    func blockStringValue(_ offsets: Range<Int>) -> String {
        let lower = min(offsets.lowerBound + 3, bytes.count)
        let upper = max(lower, min(offsets.upperBound - 3, bytes.count))
        return bytes.withUnsafeBufferPointer { buffer in
            BlockString.value(UnsafeBufferPointer(rebasing: buffer[lower..<upper]))
        }
    }
}
