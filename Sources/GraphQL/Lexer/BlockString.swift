/// The block-string rules of the spec: turning raw lines into a value (BlockStringValue) and
/// choosing a printed form that reads back as the same value.
enum BlockString {
    /// BlockStringValue for the raw text between the quotes: strips the common indentation of
    /// every line but the first, then the leading and trailing blank lines, joins the lines with
    /// `\n`, and turns `\"""` into `"""`.
    static func value(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        // Pass 1: common indentation, and the first and last lines that are not blank.
        var commonIndent = Int.max
        var firstContent = -1
        var lastContent = -1
        var lineNumber = 0
        var lineStart = 0
        while lineStart <= raw.count {
            let (indent, lineEnd, next) = measureLine(raw, from: lineStart)
            if indent < lineEnd - lineStart {
                if lineNumber > 0 { commonIndent = min(commonIndent, indent) }
                if firstContent < 0 { firstContent = lineNumber }
                lastContent = lineNumber
            }
            lineNumber += 1
            lineStart = next
        }
        guard firstContent >= 0 else { return "" }
        // Pass 2: copy the kept lines.
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        lineNumber = 0
        lineStart = 0
        while lineStart <= raw.count, lineNumber <= lastContent {
            let (_, lineEnd, next) = measureLine(raw, from: lineStart)
            if lineNumber >= firstContent {
                if lineNumber > firstContent { result.append(UInt8(ascii: "\n")) }
                let skip = lineNumber == 0 || commonIndent == Int.max ? 0 : min(commonIndent, lineEnd - lineStart)
                appendUnescaped(raw, from: lineStart + skip, to: lineEnd, into: &result)
            }
            lineNumber += 1
            lineStart = next
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The leading white space of the line starting at `start`, where it ends, and where the next
    /// line starts (past `raw.count` when this is the last line).
    private static func measureLine(_ raw: UnsafeBufferPointer<UInt8>, from start: Int) -> (indent: Int, end: Int, next: Int) {
        var index = start
        while index < raw.count, raw[index] == UInt8(ascii: " ") || raw[index] == UInt8(ascii: "\t") { index += 1 }
        let indent = index - start
        while index < raw.count, raw[index] != UInt8(ascii: "\n"), raw[index] != UInt8(ascii: "\r") { index += 1 }
        guard index < raw.count else { return (indent, index, raw.count + 1) }
        let next = raw[index] == UInt8(ascii: "\r") && index + 1 < raw.count && raw[index + 1] == UInt8(ascii: "\n")
            ? index + 2 : index + 1
        return (indent, index, next)
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
