import Diagnostics

/// Flow collections: `[a, b]` and `{a: 1, b: 2}`, which may span lines and nest.
extension YAMLReader {
    /// The `[...]` or `{...}` collection whose opening bracket is at `pos`.
    func parseFlowCollection() throws -> YAMLNode {
        try enterNesting()
        defer { leaveNesting() }
        let start = pos
        let isSequence = bytes[pos] == UInt8(ascii: "[")
        let (closer, kind) = isSequence ? (UInt8(ascii: "]"), "sequence") : (UInt8(ascii: "}"), "mapping")
        pos += 1
        var items: [YAMLNode] = []
        var entries: [YAMLMappingEntry] = []
        var seen: [String: YAMLScalarNode] = [:]
        while true {
            try skipFlowSpace(openedAt: start, closer: closer)
            if peek() == closer { break }
            let item = try parseFlowNode()
            try skipFlowSpace(openedAt: start, closer: closer)
            if isSequence, peek() != UInt8(ascii: ":") {
                items.append(item)
            } else {
                guard let scalar = item.scalar else {
                    throw error("flow collections cannot be mapping keys", at: item.range.start.offset, length: 1)
                }
                let key = YAMLScalarNode(scalar: scalar, range: item.range, file: file)
                if !isSequence { noteKey(key, in: &seen) }
                // `{a, b}`: keys without values.
                var value = node(.null, item.range.end.offset, item.range.end.offset)
                if peek() == UInt8(ascii: ":") {
                    value = try parseFlowValue(openedAt: start, closer: closer)
                    try skipFlowSpace(openedAt: start, closer: closer)
                }
                let entry = YAMLMappingEntry(key: key, value: value)
                // `[a: 1]` is a sequence holding the one-entry mapping {a: 1}.
                if isSequence {
                    items.append(node(.mapping([entry]), item.range.start.offset, value.range.end.offset))
                } else {
                    entries.append(entry)
                }
            }
            if peek() == UInt8(ascii: ",") {
                pos += 1
                continue
            }
            guard peek() == closer else {
                throw error("expected ',' or '\(Character(Unicode.Scalar(closer)))' in the flow \(kind)", at: pos, length: 1)
            }
        }
        pos += 1
        return node(isSequence ? .sequence(items) : .mapping(entries), start, pos)
    }

    /// The value after the `:` under `pos`; empty when the entry ends right away.
    private func parseFlowValue(openedAt start: Int, closer: UInt8) throws -> YAMLNode {
        pos += 1
        let colonEnd = pos
        try skipFlowSpace(openedAt: start, closer: closer)
        if peek() == UInt8(ascii: ",") || peek() == closer {
            return node(.null, colonEnd, colonEnd)
        }
        return try parseFlowNode()
    }

    /// A scalar or nested collection inside a flow collection.
    private func parseFlowNode() throws -> YAMLNode {
        try rejectUnsupportedNodeStart(flow: true)
        switch peek() {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return try parseFlowCollection()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return try readQuotedScalar()
        default:
            return readPlainScalar(minIndent: 0, flow: true)
        }
    }

    /// Skips spaces, line breaks and comments between flow tokens; the collection must be closed.
    private func skipFlowSpace(openedAt start: Int, closer: UInt8) throws {
        while pos < bytes.count {
            let byte = bytes[pos]
            if isSpace(byte) {
                pos += 1
            } else if isBreak(byte) {
                consumeBreak()
                if column(of: pos) == 0, matches("---") || matches("...") { break }
            } else if byte == UInt8(ascii: "#"), pos == 0 || isSpace(bytes[pos - 1]) || isBreak(bytes[pos - 1]) {
                skipToLineEnd()
            } else {
                return
            }
        }
        let kind = closer == UInt8(ascii: "]") ? "sequence" : "mapping"
        throw error("unterminated flow \(kind); expected '\(Character(Unicode.Scalar(closer)))'", at: start, length: 1)
    }
}
