/// Project text (GraphQL descriptions) in the generated `README.md`.
///
/// Descriptions are Markdown by the GraphQL spec, so emphasis, links and lists are kept. Only
/// what would reach beyond the description is neutralised: a code fence it opened would swallow
/// the rest of the file, raw HTML (an unclosed `<!--` or `<details>`) would hide it, and a heading
/// would pose as an operation's section.
enum MarkdownText {
    /// The lines of `text` as README lines: split, trimmed and with invisible characters spelled
    /// out as in comments (`SwiftWriter.commentText`), then with `<` as `&lt;` and a backslash
    /// before a line's first character where that character would start a heading, a fence or a
    /// setext underline. The one escaping of project text in Markdown.
    static func lines(_ text: String) -> [String] {
        SwiftWriter.commentText(text).map(line)
    }

    private static func line(_ text: String) -> String {
        var result = text.contains("<") ? text.replacingAll("<", with: "&lt;") : text
        let content = result.drop { $0 == " " || $0 == "\t" }
        if startsBlock(content) {
            result.insert("\\", at: content.startIndex)
        }
        return result
    }

    /// `#` (ATX heading), three backticks or tildes (fence), or a line of only `=` or `-`
    /// (setext underline, which turns the line above into a heading).
    private static func startsBlock(_ content: Substring) -> Bool {
        guard let first = content.first else { return false }
        if first == "#" || content.hasPrefix("```") || content.hasPrefix("~~~") { return true }
        guard first == "=" || first == "-" else { return false }
        return content.allSatisfy { $0 == first || $0 == " " || $0 == "\t" }
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
