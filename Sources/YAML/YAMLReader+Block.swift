import Diagnostics

/// Block structure: mappings and sequences laid out by indentation. Every function here starts with
/// `pos` at its node and returns the node with the indentation of the next content line (see `nextContentLine`).
extension YAMLReader {
    typealias BlockResult = (node: YAMLNode, next: Int?)

    /// A node that starts at `pos`, in column `indent`; scalar continuation lines must be indented
    /// more than `parentIndent`. `afterKey`: on the line of its key, where no collection may start.
    func parseBlockNode(indent: Int, parentIndent: Int, afterKey: Bool = false) throws -> BlockResult {
        try enterNesting()
        defer { leaveNesting() }
        try rejectUnsupportedNodeStart(flow: false)
        let start = pos
        let value: YAMLNode
        let what: String
        switch peek() {
        case UInt8(ascii: "-") where isBlankOrEnd(at: pos + 1):
            if afterKey {
                throw error("a block sequence cannot start on the same line as its key; start it on the next line", at: pos, length: 1)
            }
            return try parseBlockSequence(indent: indent)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            value = try parseFlowCollection()
            skipSpaces()
            if peek() == UInt8(ascii: ":") { throw error("flow collections cannot be mapping keys", at: start, length: 1) }
            what = "the flow collection"
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            value = try readQuotedScalar(minIndent: parentIndent + 1)
            skipSpaces()
            if !afterKey, peek() == UInt8(ascii: ":"), isBlankOrEnd(at: pos + 1) {
                pos = start
                return try parseBlockMapping(indent: indent)
            }
            try rejectMappingValueHere()
            what = "the quoted scalar"
        default:
            if !afterKey, scanPlainLine(flow: false).stoppedAtColon {
                pos = start
                return try parseBlockMapping(indent: indent)
            }
            pos = start
            value = readPlainScalar(minIndent: parentIndent + 1, flow: false)
            try rejectMappingValueHere()
            what = "the value"
        }
        try finishLine(after: afterKey ? "the value" : what)
        return (value, try nextContentLine())
    }

    /// `key: value` lines in column `indent`; the first key is at `pos`.
    func parseBlockMapping(indent: Int) throws -> BlockResult {
        let start = pos
        var entries: [YAMLMappingEntry] = []
        var seen: [String: YAMLScalarNode] = [:]
        while true {
            let key = try readBlockKey()
            noteKey(key, in: &seen)
            pos += 1  // the ':'
            let (value, next) = try parseMappingValue(keyIndent: indent, colonEnd: pos)
            entries.append(YAMLMappingEntry(key: key, value: value))
            guard let next, next >= indent else {
                return (node(.mapping(entries), start, entryEnd(entries)), next)
            }
            if next > indent {
                throw error("unexpected indentation: expected a key in column \(indent + 1)", at: pos, length: 1)
            }
        }
    }

    /// The value after `key:`, on the same line or on the following, more indented, lines.
    private func parseMappingValue(keyIndent: Int, colonEnd: Int) throws -> BlockResult {
        skipSpaces()
        if atLineEnd() {
            try finishLine(after: "':'")
            let next = try nextContentLine()
            guard let next else { return (node(.null, colonEnd, colonEnd), nil) }
            if next > keyIndent { return try parseBlockNode(indent: next, parentIndent: keyIndent) }
            // A sequence may sit in its key's own column.
            if next == keyIndent, peek() == UInt8(ascii: "-"), isBlankOrEnd(at: pos + 1) {
                return try parseBlockSequence(indent: keyIndent)
            }
            return (node(.null, colonEnd, colonEnd), next)
        }
        return try parseBlockNode(indent: keyIndent, parentIndent: keyIndent, afterKey: true)
    }

    /// `- item` lines in column `indent`; the first `-` is at `pos`.
    func parseBlockSequence(indent: Int) throws -> BlockResult {
        let start = pos
        var items: [YAMLNode] = []
        while true {
            let dashEnd = pos + 1
            pos += 1
            skipSpaces()
            var item: YAMLNode
            var next: Int?
            if atLineEnd() {
                try finishLine(after: "'-'")
                next = try nextContentLine()
                if let found = next, found > indent {
                    (item, next) = try parseBlockNode(indent: found, parentIndent: indent)
                } else {
                    item = node(.null, dashEnd, dashEnd)
                }
            } else {
                (item, next) = try parseBlockNode(indent: column(of: pos), parentIndent: indent)
            }
            items.append(item)
            if let found = next, found > indent {
                throw error("unexpected indentation: expected '-' in column \(indent + 1)", at: pos, length: 1)
            }
            guard next == indent, peek() == UInt8(ascii: "-"), isBlankOrEnd(at: pos + 1) else {
                return (node(.sequence(items), start, items.last?.range.end.offset ?? dashEnd), next)
            }
        }
    }

    /// A single-line key followed by `:`; leaves `pos` at the colon.
    private func readBlockKey() throws -> YAMLScalarNode {
        let start = pos
        switch peek() {
        case UInt8(ascii: "-") where isBlankOrEnd(at: pos + 1):
            throw error("expected a mapping key, found a sequence entry '-'", at: pos, length: 1)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            throw error("flow collections cannot be mapping keys", at: pos, length: 1)
        default:
            try rejectUnsupportedNodeStart(flow: false)
        }
        let key: YAMLNode
        if peek() == UInt8(ascii: "\"") || peek() == UInt8(ascii: "'") {
            key = try readQuotedScalar()
            if key.range.start.line != key.range.end.line {
                throw error("a mapping key must fit on one line", at: start, length: 1)
            }
            skipSpaces()
        } else {
            let line = scanPlainLine(flow: false)
            key = node(.scalar(YAMLScalar(text(start, line.end), style: .plain)), start, line.end)
            if line.end == start, peek() == UInt8(ascii: ":") {
                throw error("expected a mapping key before ':'", at: pos, length: 1)
            }
        }
        guard peek() == UInt8(ascii: ":"), isBlankOrEnd(at: pos + 1), let scalar = key.scalar else {
            throw error("expected ':' after the mapping key", at: pos, length: 1)
        }
        return YAMLScalarNode(scalar: scalar, range: key.range, file: file)
    }

    /// `key: a: b` is an error in YAML; say so rather than reading a string.
    private func rejectMappingValueHere() throws {
        skipSpaces()
        if peek() == UInt8(ascii: ":"), isBlankOrEnd(at: pos + 1) {
            throw error("mapping values are not allowed here; quote the value if it contains ': '", at: pos, length: 1)
        }
    }

    private func entryEnd(_ entries: [YAMLMappingEntry]) -> Int {
        guard let last = entries.last else { return pos }
        return max(last.value.range.end.offset, last.key.range.end.offset + 1)
    }

    /// Errors for the YAML features this reader does not support, at the start of a node.
    func rejectUnsupportedNodeStart(flow: Bool) throws {
        guard let byte = peek() else { return }
        switch byte {
        case UInt8(ascii: "&"):
            throw error("anchors (&name) are not supported", at: pos, length: 1)
        case UInt8(ascii: "*"):
            throw error("aliases (*name) are not supported", at: pos, length: 1)
        case UInt8(ascii: "!"):
            throw error("tags (!tag) are not supported", at: pos, length: 1)
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            throw error("block scalars ('|' and '>') are not supported; use a quoted scalar", at: pos, length: 1)
        case UInt8(ascii: "?") where isBlankOrEnd(at: pos + 1):
            throw error("complex mapping keys ('? ') are not supported", at: pos, length: 1)
        case UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
            throw error("'\(Character(Unicode.Scalar(byte)))' cannot start a plain scalar; quote the value", at: pos, length: 1)
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","):
            throw error("unexpected '\(Character(Unicode.Scalar(byte)))'", at: pos, length: 1)
        case UInt8(ascii: "-") where flow && isBlankOrEnd(at: pos + 1):
            throw error("block sequence entries are not allowed inside a flow collection", at: pos, length: 1)
        default:
            return
        }
    }

    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }
}
