import Diagnostics

/// The kinds of lexical token. Ignored tokens (white space, commas, comments, BOM) never appear.
/// The raw value is the name graphql-js uses in messages: punctuators quoted (`"}"`), others by kind (`Name`).
public enum TokenKind: String, Hashable, Sendable, CustomStringConvertible {
    case endOfFile = "<EOF>"
    case bang = "\"!\""
    case dollar = "\"$\""
    case ampersand = "\"&\""
    case parenLeft = "\"(\""
    case parenRight = "\")\""
    case spread = "\"...\""
    case colon = "\":\""
    case equals = "\"=\""
    case at = "\"@\""
    case bracketLeft = "\"[\""
    case bracketRight = "\"]\""
    case braceLeft = "\"{\""
    case pipe = "\"|\""
    case braceRight = "\"}\""
    case name = "Name"
    case int = "Int"
    case float = "Float"
    case string = "String"
    case blockString = "BlockString"

    public var description: String { rawValue }
}

/// One significant token: its kind and where it is. Its text or value comes from the `Lexer`,
/// so that lexing allocates nothing per token.
public struct Token: Hashable, Sendable {
    public var kind: TokenKind
    public var range: SourceRange

    /// The token's byte offsets in the source.
    public var offsets: Range<Int> { range.start.offset..<range.end.offset }
}
