import Diagnostics

/// Where a `}`, `)` or `]` most likely went missing when a file ends with brackets open, judged by
/// indentation as rustc and clang do: after a stray `{` (or a dropped `}`) every closer matches one
/// level further out than meant, so the first closer indented less than its opener's line points at the culprit.
enum UnclosedBracketGuess {
    /// The likely culprit after `unclosed` and the closer that gives it away; nil when indentation is unclear.
    static func culprit(after unclosed: Token, in source: SourceFile) -> (opening: Token, closing: Token)? {
        var lexer = Lexer(source: source)
        var open: [Token] = []
        // The parser got to the end of the file, so lexing again cannot fail.
        while let token = try? lexer.next(), token.kind != .endOfFile {
            guard token.range.start.offset > unclosed.range.start.offset else { continue }
            switch token.kind {
            case .braceLeft, .parenLeft, .bracketLeft:
                open.append(token)
                continue
            case .braceRight, .parenRight, .bracketRight: break
            default: continue
            }
            // The parser checked the kinds match; a closer of `unclosed` itself cannot come.
            guard let opening = open.popLast() else { return nil }
            let closing = indentation(of: token, in: source)
            // A closer after other tokens on its line says nothing about its intended level.
            guard closing.endIndex == token.range.start.offset else { continue }
            let opened = indentation(of: opening, in: source)
            if closing.starts(with: opened) { continue }
            return opened.starts(with: closing) ? (opening, token) : nil
        }
        return nil
    }

    /// The spaces and tabs that start the line of `token`.
    private static func indentation(of token: Token, in source: SourceFile) -> ArraySlice<UInt8> {
        let start = source.lineStarts[token.range.start.line - 1]
        var end = start
        while end < token.range.start.offset, source.bytes[end] == UInt8(ascii: " ") || source.bytes[end] == UInt8(ascii: "\t") {
            end += 1
        }
        return source.bytes[start..<end]
    }
}
