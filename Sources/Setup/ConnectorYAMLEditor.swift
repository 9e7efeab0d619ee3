import Diagnostics
import YAML

/// Adds a `generate.swiftSdk` entry to a `connector.yaml` by inserting lines, never by rewriting
/// the file: comments, order, quoting and every other byte stay as they are.
///
/// Block style is handled in every shape Data Connect projects use: no `generate` key, `generate`
/// with other SDKs, `swiftSdk` as one mapping (a `-` line is inserted above it to make it the first
/// item of a list) or as a list. Flow style (`{...}`, `[...]`) is reported as an error.
public enum ConnectorYAMLEditor {
    /// The insertions that add `entry`; throws a `DiagnosticError` at the place that prevents it.
    public static func insertions(adding entry: SwiftSDKEntry, to file: SourceFile) throws -> [TextInsertion] {
        let root = try YAMLParser.parse(file)
        guard let root, let entries = root.mapping, !isFlow(root, in: file) else {
            throw DiagnosticError(.error(.initUnsupportedLayout, "connector.yaml must be a block mapping (key: value lines) to add a swiftSdk entry", in: file, at: root?.range))
        }
        let text = Text(file: file)
        let rootColumn = column(of: root)
        guard let generateEntry = entries.first(where: { $0.key.text == "generate" }) else {
            let block = text.indent(rootColumn) + "generate:" + text.newline + text.swiftSdk(entry, column: rootColumn + 2, step: 2)
            return [text.insertion(at: text.blockEnd(of: root, ownerColumn: -1), block)]
        }
        let generateColumn = generateEntry.key.range.start.column - 1
        let generate = generateEntry.value
        if case .null = generate.kind {
            let block = text.swiftSdk(entry, column: generateColumn + 2, step: 2)
            return [text.insertion(at: text.lineEnd(containing: generateEntry.key.range.start.offset), block)]
        }
        guard let sdks = generate.mapping, !isFlow(generate, in: file) else {
            throw unsupported("generate", generate, in: file)
        }
        let childColumn = column(of: generate)
        let step = max(childColumn - generateColumn, 1)
        guard let swiftEntry = sdks.first(where: { $0.key.text == "swiftSdk" }) else {
            let block = text.swiftSdk(entry, column: childColumn, step: step)
            return [text.insertion(at: text.blockEnd(of: generate, ownerColumn: generateColumn), block)]
        }
        let keyColumn = swiftEntry.key.range.start.column - 1
        let swift = swiftEntry.value
        try rejectDuplicate(entry.package, in: swift)
        if case .null = swift.kind {
            return [text.insertion(at: text.lineEnd(containing: swiftEntry.key.range.start.offset),
                                   entry.render(indent: keyColumn + step, step: step, newline: text.newline))]
        }
        guard !isFlow(swift, in: file), swift.sequence != nil || swift.mapping != nil else {
            throw unsupported("swiftSdk", swift, in: file)
        }
        let itemEnd = text.blockEnd(of: swift, ownerColumn: keyColumn)
        if swift.sequence != nil {
            return [text.insertion(at: itemEnd, entry.render(indent: column(of: swift) + 2, step: step, dash: true, newline: text.newline))]
        }
        // A lone `-` line above the existing mapping makes it, untouched, the first item of a list; the new entry is the second.
        return [
            TextInsertion(offset: text.lineStart(containing: swift.range.start.offset), text: text.indent(keyColumn) + "-" + text.newline),
            text.insertion(at: itemEnd, entry.render(indent: keyColumn + 2, step: step, dash: true, newline: text.newline)),
        ]
    }

    private static func rejectDuplicate(_ package: String, in swift: YAMLNode) throws {
        for item in swift.sequence ?? [swift] {
            guard let value = item["package"], value.string == package else { continue }
            throw DiagnosticError(.error(.initDuplicatePackage, "swiftSdk already has an entry for package \"\(package)\"; pass --package with another name",
                                         in: value.file, at: value.range))
        }
    }

    private static func unsupported(_ key: String, _ node: YAMLNode, in file: SourceFile) -> DiagnosticError {
        let message = isFlow(node, in: file)
            ? "\"\(key)\" is written in flow style; sdkgen init adds entries only to block mappings "
                + "(rewrite it as indented key: value lines, or add the entry by hand)"
            : "\"\(key)\" must be a mapping to add a swiftSdk entry, found \(node.typeDescription)"
        return DiagnosticError(.error(.initUnsupportedLayout, message, in: file, at: node.range))
    }

    private static func isFlow(_ node: YAMLNode, in file: SourceFile) -> Bool {
        let offset = node.range.start.offset
        guard offset < file.bytes.count else { return false }
        return file.bytes[offset] == UInt8(ascii: "{") || file.bytes[offset] == UInt8(ascii: "[")
    }

    /// The 0-based column a node starts at; indentation is spaces, so columns are bytes here.
    private static func column(of node: YAMLNode) -> Int { node.range.start.column - 1 }
}

/// Line arithmetic over the bytes of the file being edited.
private struct Text {
    let bytes: [UInt8]
    /// The file's own line break, so a CRLF file stays CRLF.
    let newline: String

    init(file: SourceFile) {
        let bytes = file.bytes
        let firstBreak = bytes.firstIndex(of: UInt8(ascii: "\n"))
        newline = firstBreak.map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") } == true ? "\r\n" : "\n"
        self.bytes = bytes
    }

    func indent(_ columns: Int) -> String { String(repeating: " ", count: max(columns, 0)) }

    /// A `swiftSdk:` key in `column` holding `entry`, `step` columns deeper.
    func swiftSdk(_ entry: SwiftSDKEntry, column: Int, step: Int) -> String {
        indent(column) + "swiftSdk:" + newline + entry.render(indent: column + step, step: step, newline: newline)
    }

    func lineStart(containing offset: Int) -> Int {
        var index = min(offset, bytes.count)
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    /// The offset just after the line break of the line holding `offset` (the file's end on the last line).
    func lineEnd(containing offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return min(index + 1, bytes.count)
    }

    /// Where lines added at the end of `node` go: after its last line and the comments indented deeper than `ownerColumn`,
    /// which belong to the block; before blank lines and less indented comments, which belong to what follows.
    func blockEnd(of node: YAMLNode, ownerColumn: Int) -> Int {
        var end = lineEnd(containing: max(node.range.end.offset - 1, node.range.start.offset))
        var position = end
        while position < bytes.count {
            let next = lineEnd(containing: position)
            var first = position
            while first < next, bytes[first] == UInt8(ascii: " ") { first += 1 }
            let blank = first == next || bytes[first] == UInt8(ascii: "\n") || bytes[first] == UInt8(ascii: "\r")
            if !blank {
                guard bytes[first] == UInt8(ascii: "#"), first - position > ownerColumn else { break }
                end = next
            }
            position = next
        }
        return end
    }

    /// An insertion of `text` at `offset`, preceded by a line break when the file's last line has none.
    func insertion(at offset: Int, _ text: String) -> TextInsertion {
        let needsBreak = offset == bytes.count && offset > 0 && bytes[offset - 1] != UInt8(ascii: "\n")
        return TextInsertion(offset: offset, text: (needsBreak ? newline : "") + text)
    }
}
