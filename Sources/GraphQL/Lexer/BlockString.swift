/// The GraphQL spec's block-string rules: reading a value (BlockStringValue) and printing one back.
enum BlockString {
    /// BlockStringValue for the raw text between the quotes, with `\"""` turned into `"""`.
    static func value(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        // (start, end) of every line and whether it is blank; a flat array keeps it to one allocation.
        var lines: [Int] = []
        lines.reserveCapacity(24)
        var commonIndent = Int.max
        var hasBackslash = false
        var index = 0
        while true {
            let start = index
            while index < raw.count, raw[index] == UInt8(ascii: " ") || raw[index] == UInt8(ascii: "\t") { index += 1 }
            let indent = index - start
            while index < raw.count {
                let byte = raw[index]
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
                if byte == UInt8(ascii: "\\") { hasBackslash = true }
                index += 1
            }
            let isBlank = indent == index - start
            if !isBlank, !lines.isEmpty { commonIndent = min(commonIndent, indent) }
            lines.append(start)
            lines.append(index)
            lines.append(isBlank ? 1 : 0)
            guard index < raw.count else { break }
            index += raw[index] == UInt8(ascii: "\r") && index + 1 < raw.count && raw[index + 1] == UInt8(ascii: "\n") ? 2 : 1
        }
        let lineCount = lines.count / 3
        var first = 0
        var last = lineCount - 1
        while first <= last, lines[first * 3 + 2] == 1 { first += 1 }
        while last >= first, lines[last * 3 + 2] == 1 { last -= 1 }
        guard first <= last else { return "" }
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        for line in first...last {
            if line > first { result.append(UInt8(ascii: "\n")) }
            let start = lines[line * 3]
            let end = lines[line * 3 + 1]
            let skip = line == 0 || commonIndent == Int.max ? 0 : min(commonIndent, end - start)
            if hasBackslash {
                appendUnescaped(raw, from: start + skip, to: end, into: &result)
            } else {
                result.append(contentsOf: UnsafeBufferPointer(rebasing: raw[(start + skip)..<end]))
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func appendUnescaped(
        _ raw: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into result: inout [UInt8]
    ) {
        var chunkStart = start
        var index = start
        while index < end {
            if raw[index] == UInt8(ascii: "\\"), index + 3 < end, raw[index + 1] == UInt8(ascii: "\""),
               raw[index + 2] == UInt8(ascii: "\""), raw[index + 3] == UInt8(ascii: "\"") {
                // `\"""` stands for `"""`: drop the backslash.
                result.append(contentsOf: UnsafeBufferPointer(rebasing: raw[chunkStart..<index]))
                chunkStart = index + 1
                index += 4
            } else {
                index += 1
            }
        }
        result.append(contentsOf: UnsafeBufferPointer(rebasing: raw[chunkStart..<end]))
    }

    /// The value as a block string literal, in graphql-js style: on its own lines when it spans lines or is
    /// long, with a leading line break whenever the first line would otherwise be misread as indentation.
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

}

extension String {
    /// Every occurrence of `target` replaced; byte-wise, so it needs neither Foundation nor macOS 13.
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
