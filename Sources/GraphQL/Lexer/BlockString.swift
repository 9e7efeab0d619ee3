/// The block-string rules of the spec: turning raw lines into a value (BlockStringValue) and
/// choosing a printed form that reads back as the same value.
enum BlockString {
    /// BlockStringValue: strips the common indentation of every line but the first, then the
    /// leading and trailing blank lines, and joins the lines with `\n`.
    static func value(lines: [[UInt8]]) -> String {
        var commonIndent = Int.max
        for line in lines.dropFirst() {
            let indent = leadingWhiteSpace(line)
            if indent < line.count { commonIndent = min(commonIndent, indent) }
        }
        var trimmed = lines
        if commonIndent != Int.max {
            for index in trimmed.indices.dropFirst() {
                trimmed[index].removeFirst(min(commonIndent, trimmed[index].count))
            }
        }
        var first = trimmed.startIndex
        var last = trimmed.endIndex
        while first < last, isBlank(trimmed[first]) { first += 1 }
        while last > first, isBlank(trimmed[last - 1]) { last -= 1 }
        var joined: [UInt8] = []
        for index in first..<last {
            if index > first { joined.append(UInt8(ascii: "\n")) }
            joined.append(contentsOf: trimmed[index])
        }
        return String(decoding: joined, as: UTF8.self)
    }

    /// The value written as a block string literal, in graphql-js style: on its own lines when it
    /// spans lines or is long, and with a leading line break whenever the first line would
    /// otherwise be misread as indentation.
    static func literal(_ value: String) -> String {
        let escaped = value.replacingAll("\"\"\"", with: "\\\"\"\"")
        let lines = escaped.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        let isSingleLine = lines.count == 1
        let forceLeadingNewLine = lines.count > 1
            && lines.dropFirst().allSatisfy { $0.isEmpty || $0.first == " " || $0.first == "\t" }
        let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
        let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
        let forceTrailingNewLine = hasTrailingQuote || value.hasSuffix("\\")
        let printAsMultipleLines = !isSingleLine || value.unicodeScalars.count > 70 || forceTrailingNewLine
            || forceLeadingNewLine || hasTrailingTripleQuotes
        let skipLeadingNewLine = isSingleLine && (value.first == " " || value.first == "\t")
        var result = ""
        if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine { result += "\n" }
        result += escaped
        if printAsMultipleLines || forceTrailingNewLine { result += "\n" }
        return "\"\"\"" + result + "\"\"\""
    }

    private static func leadingWhiteSpace(_ line: [UInt8]) -> Int {
        var count = 0
        while count < line.count, line[count] == UInt8(ascii: " ") || line[count] == UInt8(ascii: "\t") { count += 1 }
        return count
    }

    private static func isBlank(_ line: [UInt8]) -> Bool {
        leadingWhiteSpace(line) == line.count
    }
}

extension String {
    /// Every occurrence of `target` replaced; byte-wise, so it needs neither Foundation nor a
    /// recent standard library.
    func replacingAll(_ target: String, with replacement: String) -> String {
        let source = Array(utf8)
        let needle = Array(target.utf8)
        guard !needle.isEmpty, source.count >= needle.count else { return self }
        var result: [UInt8] = []
        result.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            if index + needle.count <= source.count, source[index..<(index + needle.count)].elementsEqual(needle) {
                result.append(contentsOf: replacement.utf8)
                index += needle.count
            } else {
                result.append(source[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
