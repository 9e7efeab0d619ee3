/// Swift literal spellings of values that come from user input.
enum SwiftLiteral {
    /// A double-quoted string literal with every character that needs it escaped: quotes and
    /// backslashes (so no `\(...)` interpolation survives), and every invisible character as
    /// `\u{...}` (see `isInvisible`).
    static func string(_ value: String) -> String { "\"" + content(value) + "\"" }

    /// What goes between the quotes of `string(value)`; code lines write the quotes as literal pieces around it.
    static func content(_ value: String) -> String {
        // GraphQL names, nearly every string written, are printable ASCII: taken as they are.
        if value.utf8.allSatisfy({ (0x20..<0x7F).contains($0) && $0 != 0x22 && $0 != 0x5C }) { return value }
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if isInvisible(scalar) { result += unicodeEscape(scalar) } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// Characters that end a line, end or confuse Swift's lexer, or change how the text around
    /// them is displayed: C0 controls but the tab, DEL and C1 controls (Swift ends a comment at
    /// CR and LF, and warns at NUL), the Unicode line and paragraph separators, and the
    /// bidirectional embeddings, overrides and isolates that can make code read as a comment
    /// (CVE-2021-42574).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0...0x08, 0x0A...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `\u{1B}`: the visible spelling of an invisible character, in a literal or in prose.
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// `text` with every invisible character spelled as `unicodeEscape`; the text itself when it
    /// has none, without a copy.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isInvisible) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isInvisible(scalar) { result += unicodeEscape(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// A `TimeInterval` literal: whole numbers without a fraction (`30`), others as Swift prints
    /// them (`0.5`).
    static func seconds(_ value: Double) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }
}
