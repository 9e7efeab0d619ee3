import Diagnostics

/// The cursor over one YAML file plus the byte-level helpers every part of the parser shares; block
/// structure, flow collections, scalars and the character check live in the `YAMLReader+` files.
final class YAMLReader {
    let file: SourceFile
    let bytes: [UInt8]
    var pos = 0
    /// Duplicate keys are not fatal: they are collected and reported together.
    var duplicateKeyErrors: [Diagnostic] = []
    /// Nesting depth, bounded so that hostile input cannot exhaust the stack.
    var depth = 0
    static let maximumDepth = 256

    init(file: SourceFile) {
        self.file = file
        self.bytes = file.bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }
    }

    // MARK: Document

    func parseDocument() throws -> YAMLNode? {
        try checkCharacters()
        guard let indent = try nextContentLine() else { return nil }
        if indent == 0, peek() == UInt8(ascii: "%") {
            throw error("directives (%YAML, %TAG) are not supported", at: pos, length: 1)
        }
        var root: YAMLNode?
        var next: Int? = indent
        if indent == -1, matches("---") {
            pos += 3
            skipSpaces()
            if atLineEnd() {
                try finishLine(after: "'---'")
                next = try nextContentLine()
                if next == nil { return nil }
            } else {
                (root, next) = try parseBlockNode(indent: column(of: pos), parentIndent: -1)
            }
        }
        if root == nil, let start = next, start != -1 {
            (root, next) = try parseBlockNode(indent: start, parentIndent: -1)
        }
        guard let next else { return root }
        if next == -1, matches("...") {
            pos += 3
            try finishLine(after: "'...'")
            guard try nextContentLine() != nil else { return root }
            if !matches("---") {
                throw error("unexpected content after the document end marker '...'", at: pos, length: 1)
            }
        }
        if column(of: pos) == 0, matches("---") {
            throw error("multiple documents in one file are not supported", at: pos, length: 3)
        }
        throw error("unexpected content after the document; check the indentation", at: pos, length: 1)
    }

    // MARK: Lines

    /// Skips blank and comment-only lines from the start of a line; returns the indentation of the next
    /// line with content, `pos` at it: -1 for a `---` or `...` marker at column 0 (it closes every block), nil at the end.
    func nextContentLine() throws -> Int? {
        while pos < bytes.count {
            let lineStart = pos
            var firstTab: Int?
            while pos < bytes.count, bytes[pos] == .space || bytes[pos] == .tab {
                if bytes[pos] == .tab, firstTab == nil { firstTab = pos }
                pos += 1
            }
            guard pos < bytes.count else { return nil }
            if isBreak(bytes[pos]) {
                consumeBreak()
                continue
            }
            if bytes[pos] == UInt8(ascii: "#") {
                skipToLineEnd()
                continue
            }
            if let firstTab {
                throw error("tab characters cannot be used for indentation; use spaces", at: firstTab, length: 1)
            }
            let indent = pos - lineStart
            return indent == 0 && (matches("---") || matches("...")) ? -1 : indent
        }
        return nil
    }

    /// After a node: allows trailing spaces and a comment, then consumes the line break.
    func finishLine(after what: String) throws {
        skipSpaces()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "#") {
            guard pos > 0, isSpace(bytes[pos - 1]) else {
                throw error("a comment must be separated from \(what) by a space", at: pos, length: 1)
            }
            skipToLineEnd()
        }
        guard pos >= bytes.count || isBreak(bytes[pos]) else {
            throw error("unexpected text after \(what)", at: pos, length: 1)
        }
        consumeBreak()
    }

    /// True when the rest of the line holds nothing but spaces and maybe a comment.
    func atLineEnd() -> Bool {
        var index = pos
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count else { return true }
        return isBreak(bytes[index]) || (bytes[index] == UInt8(ascii: "#") && (index == 0 || isSpace(bytes[index - 1])))
    }

    func skipSpaces() {
        while pos < bytes.count, isSpace(bytes[pos]) { pos += 1 }
    }

    func skipToLineEnd() {
        while pos < bytes.count, !isBreak(bytes[pos]) { pos += 1 }
    }

    /// `\r\n`, `\r` or `\n`.
    func consumeBreak() {
        if peek() == .carriageReturn { pos += 1 }
        if peek() == .lineFeed { pos += 1 }
    }

    /// The 0-based byte column of `offset`; indentation is spaces only, so bytes are columns.
    func column(of offset: Int) -> Int {
        var start = min(offset, bytes.count)
        while start > 0, !isBreak(bytes[start - 1]) { start -= 1 }
        return offset - start
    }

    // MARK: Bytes

    func peek(_ ahead: Int = 0) -> UInt8? {
        let index = pos + ahead
        return index < bytes.count ? bytes[index] : nil
    }

    /// True when `text` is at `pos` and followed by a space, a break or the end of the file.
    func matches(_ text: String) -> Bool {
        bytes[pos...].starts(with: text.utf8) && isBlankOrEnd(at: pos + text.utf8.count)
    }

    /// True when the byte at `index` is a space, tab or break, or lies past the end.
    func isBlankOrEnd(at index: Int) -> Bool {
        index >= bytes.count || isSpace(bytes[index]) || isBreak(bytes[index])
    }

    func isBreak(_ byte: UInt8) -> Bool { byte == .lineFeed || byte == .carriageReturn }
    func isSpace(_ byte: UInt8) -> Bool { byte == .space || byte == .tab }

    // MARK: Nodes and errors

    func range(_ start: Int, _ end: Int) -> SourceRange {
        SourceRange(file: file, offsets: start..<max(start, end))
    }

    func node(_ kind: YAMLNode.Kind, _ start: Int, _ end: Int) -> YAMLNode {
        YAMLNode(kind: kind, range: range(start, end), file: file)
    }

    func error(_ message: String, at offset: Int, length: Int = 0) -> DiagnosticError {
        let start = min(offset, bytes.count)
        return DiagnosticError(.error(.yamlSyntax, message, in: file, at: range(start, min(start + length, bytes.count))))
    }

    /// Records `key` in `seen`, or a duplicate-key error pointing back at the first occurrence.
    func noteKey(_ key: YAMLScalarNode, in seen: inout [String: YAMLScalarNode]) {
        if let first = seen[key.text] {
            duplicateKeyErrors.append(.error(.yamlDuplicateKey, 
                "duplicate key \"\(key.text)\"", in: file, at: key.range,
                notes: [Diagnostic.Note("\"\(key.text)\" was first defined here", span: first.span)]
            ))
        } else {
            seen[key.text] = key
        }
    }

    func enterNesting() throws {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting is too deep (more than \(Self.maximumDepth) levels)", at: pos, length: 1) }
    }

    func leaveNesting() { depth -= 1 }
}

extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
}
