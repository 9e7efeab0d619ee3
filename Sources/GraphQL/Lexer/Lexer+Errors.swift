import Diagnostics

extension Lexer {
    /// A syntax error covering the one character at `offset` (an empty range at the end of file).
    func error(_ message: String, at offset: Int) -> DiagnosticError {
        let length = offset < bytes.count ? (UTF8Scalar.decode(bytes, at: offset)?.length ?? 1) : 0
        return error(message, covering: offset..<(offset + length))
    }

    /// A syntax error covering `offsets`, which lie on the current line.
    func error(_ message: String, covering offsets: Range<Int>) -> DiagnosticError {
        let start = location(at: offsets.lowerBound)
        var column = start.column
        var index = offsets.lowerBound
        let upper = min(offsets.upperBound, bytes.count)
        while index < upper {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        let end = SourceLocation(offset: upper, line: start.line, column: column)
        return Self.syntaxError(message, in: source, at: SourceRange(start: start, end: end))
    }

    /// The error every stage of the GraphQL front end throws for malformed input.
    static func syntaxError(_ message: String, in source: SourceFile, at range: SourceRange, notes: [Diagnostic.Note] = []) -> DiagnosticError {
        DiagnosticError(.error(.graphqlSyntax, "Syntax Error: \(message)", in: source, at: range, notes: notes))
    }

    /// The error for a character that cannot start a token.
    func unexpectedCharacter() -> DiagnosticError {
        if bytes[position] == UInt8(ascii: "'") {
            return error("Unexpected single quote character ('), did you mean to use a double quote (\")?", at: position)
        }
        guard UTF8Scalar.decode(bytes, at: position) != nil else { return invalidUTF8(at: position) }
        return error("Unexpected character: \(describeCharacter(at: position)).", at: position)
    }

    func invalidUTF8(at offset: Int) -> DiagnosticError {
        error("Invalid UTF-8 byte: 0x\(UTF8Scalar.hex(UInt32(bytes[offset]), digits: 2)).", covering: offset..<(offset + 1))
    }

    /// The character at `offset` as graphql-js prints it: `"a"` (printable ASCII), `U+0007`, `<EOF>` past the end.
    func describeCharacter(at offset: Int) -> String {
        guard offset < bytes.count else { return "<EOF>" }
        guard let scalar = UTF8Scalar.decode(bytes, at: offset)?.value else { return "U+FFFD" }
        if scalar == UInt32(UInt8(ascii: "\"")) { return "'\"'" }
        if scalar >= 0x20, scalar <= 0x7E, let character = Unicode.Scalar(scalar) { return "\"\(character)\"" }
        return "U+" + UTF8Scalar.hex(scalar, digits: 4)
    }

    /// Steps over the multi-byte UTF-8 sequence at `position`, keeping the column count right.
    mutating func skipMultibyteScalar() throws {
        guard let length = UTF8Scalar.decode(bytes, at: position)?.length else { throw invalidUTF8(at: position) }
        position += length
        continuations += length - 1
    }
}
