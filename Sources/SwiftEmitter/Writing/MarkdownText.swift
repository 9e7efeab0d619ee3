/// Project text (GraphQL descriptions) in the generated `README.md`.
///
/// Descriptions are Markdown by the GraphQL spec, so emphasis, links, lists and closed code
/// fences are kept. Only what would reach beyond the description is neutralised: a fence it
/// opens and does not close would swallow the rest of the file, raw HTML (an unclosed `<!--` or
/// `<details>`) would hide it, and a heading would pose as a section of the README.
enum MarkdownText {
    /// The lines of `text` as README lines: split, trimmed and with invisible characters spelled
    /// out as in comments (`SwiftWriter.commentText`). Outside closed fences, `<` becomes `&lt;`
    /// and a backslash goes before a line's first character where it would start a heading or an
    /// unclosed fence. The one escaping of project text in Markdown.
    static func lines(_ text: String) -> [String] {
        var lines = SwiftWriter.commentText(text)
        var index = 0
        while index < lines.count {
            if let fence = fence(lines[index]), let end = closingFence(of: fence, in: lines, after: index) {
                index = end + 1
                continue
            }
            let followsText = index > 0 && !lines[index - 1].isEmpty
            lines[index] = escaped(lines[index], followsText: followsText)
            index += 1
        }
        return lines
    }

    private static func escaped(_ text: String, followsText: Bool) -> String {
        var result = text.contains("<") ? text.replacingAll("<", with: "&lt;") : text
        if let content = blockContent(result), startsBlock(content, followsText: followsText) {
            result.insert("\\", at: content.startIndex)
        }
        return result
    }

    /// The line after at most three spaces of indentation; nil when indented further (or by a
    /// tab), where no heading or fence can start.
    private static func blockContent(_ line: String) -> Substring? {
        let content = line.drop { $0 == " " }
        guard line.distance(from: line.startIndex, to: content.startIndex) <= 3, content.first != "\t" else { return nil }
        return content
    }

    /// `#` (ATX heading), three backticks or tildes (a fence `lines` found no end for), or, after
    /// a line of text, a line of only `=` or `-` (setext underline, which makes that text a heading).
    private static func startsBlock(_ content: Substring, followsText: Bool) -> Bool {
        guard let first = content.first else { return false }
        if first == "#" || content.hasPrefix("```") || content.hasPrefix("~~~") { return true }
        guard followsText, first == "=" || first == "-" else { return false }
        return content.allSatisfy { $0 == first || $0 == " " || $0 == "\t" }
    }

    /// The fence character and length when `line` opens a fenced code block (CommonMark 4.5).
    private static func fence(_ line: String) -> (character: Character, length: Int)? {
        guard let content = blockContent(line), let first = content.first, first == "`" || first == "~" else { return nil }
        let length = content.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        // A backtick fence's info string holds no backtick.
        if first == "`", content.dropFirst(length).contains("`") { return nil }
        return (first, length)
    }

    /// The index of the line that closes `fence`: the same character, at least as many, and
    /// nothing else but spaces.
    private static func closingFence(of fence: (character: Character, length: Int), in lines: [String], after start: Int) -> Int? {
        lines.indices.dropFirst(start + 1).first { index in
            guard let content = blockContent(lines[index]) else { return false }
            let run = content.prefix { $0 == fence.character }
            return run.count >= fence.length && content.dropFirst(run.count).allSatisfy { $0 == " " || $0 == "\t" }
        }
    }
}

private extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
