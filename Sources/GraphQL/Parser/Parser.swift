import Diagnostics

/// A recursive-descent parser for the whole GraphQL grammar (September 2025 edition).
///
/// Every entry point stops at the first syntax error and throws it as a `DiagnosticError` holding
/// one `.error` diagnostic worded as graphql-js words it (`Syntax Error: Expected Name, found "}".`)
/// with the range of the offending token or character. One exception: a file that ends inside
/// `{...}`, `(...)` or a list value `[...]` is reported at the `{`, `(` or `[` that was never closed,
/// not at the end of the file; indentation may point at a likelier culprit than bracket counting.
public struct Parser {
    var lexer: Lexer
    /// The current, not yet consumed token.
    var token: Token
    /// Where the last consumed token ended: the end of the node being built.
    var lastEnd: SourceLocation
    /// How many lists, objects, list types and selection sets enclose the current token.
    var depth = 0

    /// The deepest nesting accepted. The parser recurses once per level, so without a bound a
    /// hostile `[[[[...` would exhaust the stack; real documents stay far below this.
    public static let maximumDepth = 128

    init(source: SourceFile) throws {
        lexer = Lexer(source: source)
        token = try lexer.next()
        lastEnd = token.range.start
    }

    /// Parses a whole document: executable and/or type-system definitions. Unlike the spec, it accepts
    /// a document without any: Data Connect projects hold files whose every line is commented out.
    public static func parseDocument(_ source: SourceFile) throws -> Document {
        var parser = try Parser(source: source)
        var definitions: [Definition] = []
        while parser.token.kind != .endOfFile {
            definitions.append(try parser.parseDefinition())
        }
        let range = SourceRange(start: source.location(atOffset: 0), end: source.location(atOffset: source.bytes.count))
        return Document(source: source, definitions: definitions, range: range)
    }

    // MARK: - Token handling

    mutating func advance() throws {
        lastEnd = token.range.end
        token = try lexer.next()
    }

    func peek(_ kind: TokenKind) -> Bool {
        token.kind == kind
    }

    /// Consumes a token of `kind` or throws `Expected <kind>, found <token>.`.
    @discardableResult
    mutating func expect(_ kind: TokenKind) throws -> Token {
        let current = token
        guard current.kind == kind else {
            throw error("Expected \(kind), found \(describe(current)).", at: current)
        }
        try advance()
        return current
    }

    /// Consumes a token of `kind` if it is the current one.
    mutating func expectOptional(_ kind: TokenKind) throws -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    /// Whether `token` is the name `keyword`, compared byte-wise to avoid making a String.
    func isKeyword(_ token: Token, _ keyword: StaticString) -> Bool {
        guard token.kind == .name, token.offsets.count == keyword.utf8CodeUnitCount else { return false }
        return keyword.withUTF8Buffer { lexer.bytes[token.offsets].elementsEqual($0) }
    }

    mutating func expectKeyword(_ keyword: StaticString) throws {
        guard isKeyword(token, keyword) else {
            throw error("Expected \"\(keyword)\", found \(describe(token)).", at: token)
        }
        try advance()
    }

    mutating func expectOptionalKeyword(_ keyword: StaticString) throws -> Bool {
        guard isKeyword(token, keyword) else { return false }
        try advance()
        return true
    }

    // MARK: - Errors

    /// `Unexpected <token>.` for `token`, or for the current token.
    func unexpected(_ token: Token? = nil) -> DiagnosticError {
        let offending = token ?? self.token
        return error("Unexpected \(describe(offending)).", at: offending)
    }

    func error(_ message: String, at token: Token) -> DiagnosticError {
        Lexer.syntaxError(message, in: lexer.source, at: token.range)
    }

    /// The token as graphql-js names it in messages: `Name "foo"`, `"}"`, `<EOF>`; cut, lest it repeat a 50 MB string.
    func describe(_ token: Token) -> String {
        guard let value = lexer.value(of: token) else { return token.kind.description }
        let scalars = value.unicodeScalars
        guard scalars.count > Limits.quotedWidth else { return "\(token.kind) \"\(value)\"" }
        return "\(token.kind) \"\(String(String.UnicodeScalarView(scalars.prefix(Limits.quotedWidth))))…\""
    }

    // MARK: - Shared pieces

    /// Runs `body` one nesting level deeper, failing when that passes `maximumDepth`.
    mutating func nested<Result>(_ body: (inout Parser) throws -> Result) throws -> Result {
        guard depth < Self.maximumDepth else {
            throw error("Nesting is too deep: more than \(Self.maximumDepth) levels.", at: token)
        }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    /// The range from `start` to the end of the last consumed token.
    func range(from start: SourceLocation) -> SourceRange {
        SourceRange(start: start, end: lastEnd)
    }

    mutating func parseName() throws -> Name {
        let nameToken = try expect(.name)
        return Name(value: lexer.text(of: nameToken), range: nameToken.range)
    }

    mutating func parseNamedType() throws -> NamedType {
        NamedType(name: try parseName())
    }

    /// `open item+ close` when the current token is `open`, else no items.
    mutating func optionalMany<Item>(
        _ open: TokenKind, _ close: TokenKind, _ item: (inout Parser) throws -> Item
    ) throws -> [Item] {
        let opening = token
        guard try expectOptional(open) else { return [] }
        return try enclosed(by: opening, close) { parser in
            var items: [Item] = []
            repeat {
                items.append(try item(&parser))
            } while try !parser.expectOptional(close)
            return items
        }
    }

    /// Runs `body`, which parses what follows `opening` up to its `close`. An error at the end of the
    /// file becomes one at the innermost unclosed opening (or the culprit indentation points at).
    mutating func enclosed<Result>(by opening: Token, _ close: TokenKind, _ body: (inout Parser) throws -> Result) throws -> Result {
        do {
            return try body(&self)
        } catch let error as DiagnosticError where isAtEndOfFile(error) {
            throw neverClosed(opening, close)
        }
    }

    /// `"{" is never closed…` at `unclosed`, or at the culprit `UnclosedBracketGuess` finds, with notes.
    private func neverClosed(_ unclosed: Token, _ close: TokenKind) -> DiagnosticError {
        let source = lexer.source
        func message(_ opening: Token, _ close: TokenKind) -> String {
            "\(describe(opening)) is never closed: the file ends before its \(close)."
        }
        guard let (culprit, closing) = UnclosedBracketGuess.culprit(after: unclosed, in: source) else {
            return error(message(unclosed, close), at: unclosed)
        }
        let notes = [
            Diagnostic.Note("this \(describe(closing)) is indented less than line \(culprit.range.start.line), so it likely closes an outer \(describe(culprit))",
                            span: SourceSpan(file: source, range: closing.range)),
            Diagnostic.Note("counting brackets, the unclosed \(describe(unclosed)) is this one", span: SourceSpan(file: source, range: unclosed.range)),
        ]
        return Lexer.syntaxError(message(culprit, closing.kind), in: source, at: culprit.range, notes: notes)
    }

    /// Whether `error` is about the end-of-file token the parser stands on.
    private func isAtEndOfFile(_ error: DiagnosticError) -> Bool {
        token.kind == .endOfFile && error.diagnostics.first?.span?.range?.start.offset == token.range.start.offset
    }

    /// `open item+ close`, required.
    mutating func many<Item>(_ open: TokenKind, _ close: TokenKind, _ item: (inout Parser) throws -> Item) throws -> [Item] {
        guard peek(open) else { throw error("Expected \(open), found \(describe(token)).", at: token) }
        return try optionalMany(open, close, item)
    }

    /// `delimiter? item (delimiter item)*`: the leading delimiter is optional.
    mutating func delimitedMany<Item>(_ delimiter: TokenKind, _ item: (inout Parser) throws -> Item) throws -> [Item] {
        _ = try expectOptional(delimiter)
        var items: [Item] = []
        repeat {
            items.append(try item(&self))
        } while try expectOptional(delimiter)
        return items
    }

    var peekDescription: Bool {
        token.kind == .string || token.kind == .blockString
    }

    mutating func parseDescription() throws -> Description? {
        guard peekDescription else { return nil }
        let current = token
        try advance()
        return Description(value: lexer.value(of: current) ?? "", isBlockString: current.kind == .blockString, range: current.range)
    }

    mutating func parseDirectives(isConstant: Bool) throws -> [Directive] {
        var directives: [Directive] = []
        while peek(.at) {
            let start = token.range.start
            try advance()
            let name = try parseName()
            let arguments = try parseArguments(isConstant: isConstant)
            directives.append(Directive(name: name, arguments: arguments, range: range(from: start)))
        }
        return directives
    }

    mutating func parseArguments(isConstant: Bool) throws -> [Argument] {
        try optionalMany(.parenLeft, .parenRight) { parser in
            let start = parser.token.range.start
            let name = try parser.parseName()
            try parser.expect(.colon)
            let value = try parser.parseValue(isConstant: isConstant)
            return Argument(name: name, value: value, range: parser.range(from: start))
        }
    }
}
