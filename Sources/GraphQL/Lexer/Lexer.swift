import Diagnostics

/// Splits GraphQL source into tokens, working on UTF-8 bytes.
///
/// Line and column are tracked while scanning (line number, offset of the line start, and the
/// number of UTF-8 continuation bytes seen on the line), so every token gets its `SourceRange`
/// without searching the file's line table. Ignored tokens are skipped. A syntax error is thrown
/// as a `DiagnosticError` with graphql-js wording and the range of the offending character.
public struct Lexer {
    /// The file being read.
    public let source: SourceFile
    let bytes: [UInt8]
    var position = 0
    var line = 1
    var lineStart = 0
    /// UTF-8 continuation bytes between `lineStart` and `position`: columns count scalars, not bytes.
    var continuations = 0

    /// A lexer at the start of `source`.
    public init(source: SourceFile) {
        self.source = source
        self.bytes = source.bytes
    }

    /// The next significant token; `.endOfFile` (again and again) once the input is used up.
    public mutating func next() throws -> Token {
        try skipIgnored()
        let start = position
        let startLocation = location(at: start)
        guard position < bytes.count else {
            return Token(kind: .endOfFile, range: SourceRange(at: startLocation))
        }
        let kind: TokenKind
        switch bytes[position] {
        case UInt8(ascii: "!"): kind = .bang
        case UInt8(ascii: "$"): kind = .dollar
        case UInt8(ascii: "&"): kind = .ampersand
        case UInt8(ascii: "("): kind = .parenLeft
        case UInt8(ascii: ")"): kind = .parenRight
        case UInt8(ascii: ":"): kind = .colon
        case UInt8(ascii: "="): kind = .equals
        case UInt8(ascii: "@"): kind = .at
        case UInt8(ascii: "["): kind = .bracketLeft
        case UInt8(ascii: "]"): kind = .bracketRight
        case UInt8(ascii: "{"): kind = .braceLeft
        case UInt8(ascii: "|"): kind = .pipe
        case UInt8(ascii: "}"): kind = .braceRight
        case UInt8(ascii: "."):
            guard byte(at: position + 1) == UInt8(ascii: "."), byte(at: position + 2) == UInt8(ascii: ".") else {
                throw unexpectedCharacter()
            }
            position += 3
            return Token(kind: .spread, range: SourceRange(start: startLocation, end: location(at: position)))
        case UInt8(ascii: "\""):
            if byte(at: position + 1) == UInt8(ascii: "\""), byte(at: position + 2) == UInt8(ascii: "\"") {
                try scanBlockString()
                kind = .blockString
            } else {
                try scanString()
                kind = .string
            }
            return Token(kind: kind, range: SourceRange(start: startLocation, end: location(at: position)))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            kind = try scanNumber()
            return Token(kind: kind, range: SourceRange(start: startLocation, end: location(at: position)))
        case let byte where Self.isNameStart(byte):
            position += 1
            while position < bytes.count, Self.isNameContinue(bytes[position]) { position += 1 }
            return Token(kind: .name, range: SourceRange(start: startLocation, end: location(at: position)))
        default:
            throw unexpectedCharacter()
        }
        position += 1
        return Token(kind: kind, range: SourceRange(start: startLocation, end: location(at: position)))
    }

    /// The token's source text, e.g. the name or the number as written.
    public func text(of token: Token) -> String {
        text(token.offsets)
    }

    /// What graphql-js calls the token's value: the text of a name or number, the processed value
    /// of a string; nil for punctuators and the end of file.
    public func value(of token: Token) -> String? {
        switch token.kind {
        case .name, .int, .float: text(of: token)
        case .string: stringValue(token.offsets)
        case .blockString: blockStringValue(token.offsets)
        default: nil
        }
    }

    // MARK: - Positions

    /// The location of `offset`, which must lie between the current line's start and `position`.
    func location(at offset: Int) -> SourceLocation {
        SourceLocation(offset: offset, line: line, column: offset - lineStart - continuations + 1)
    }

    func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    func text(_ offsets: Range<Int>) -> String {
        let lower = min(max(offsets.lowerBound, 0), bytes.count)
        let upper = min(max(offsets.upperBound, lower), bytes.count)
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[lower..<upper]), as: UTF8.self)
        }
    }

    mutating func startLine(at offset: Int) {
        line += 1
        lineStart = offset
        continuations = 0
    }

    // MARK: - Ignored tokens

    private mutating func skipIgnored() throws {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "\n"):
                position += 1
                startLine(at: position)
            case UInt8(ascii: "\r"):
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "\n") { position += 1 }
                startLine(at: position)
            case UInt8(ascii: "#"):
                position += 1
                while position < bytes.count {
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
                    if byte < 0x80 { position += 1 } else { try skipMultibyteScalar() }
                }
            case 0xEF where byte(at: position + 1) == 0xBB && byte(at: position + 2) == 0xBF:
                // U+FEFF, the byte order mark, is ignored wherever it appears.
                position += 3
                continuations += 2
            default:
                return
            }
        }
    }

    // MARK: - Numbers

    private mutating func scanNumber() throws -> TokenKind {
        var isFloat = false
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        if byte(at: position) == UInt8(ascii: "0") {
            position += 1
            if let next = byte(at: position), Self.isDigit(next) {
                throw error("Invalid number, unexpected digit after 0: \(describeCharacter(at: position)).", at: position)
            }
        } else {
            try scanDigits()
        }
        if byte(at: position) == UInt8(ascii: ".") {
            isFloat = true
            position += 1
            try scanDigits()
        }
        if let next = byte(at: position), next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            isFloat = true
            position += 1
            if let sign = byte(at: position), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            try scanDigits()
        }
        // A number must not run straight into a `.` or a name: `1.`, `0x1` and `123abc` are errors.
        if let next = byte(at: position), next == UInt8(ascii: ".") || Self.isNameStart(next) {
            throw error("Invalid number, expected digit but got: \(describeCharacter(at: position)).", at: position)
        }
        return isFloat ? .float : .int
    }

    private mutating func scanDigits() throws {
        guard let first = byte(at: position), Self.isDigit(first) else {
            throw error("Invalid number, expected digit but got: \(describeCharacter(at: position)).", at: position)
        }
        position += 1
        while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
    }

    // MARK: - Character classes

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always) static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_")
    }

    @inline(__always) static func isNameContinue(_ byte: UInt8) -> Bool {
        isNameStart(byte) || isDigit(byte)
    }
}
