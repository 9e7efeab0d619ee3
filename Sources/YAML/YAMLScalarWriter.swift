import Diagnostics

/// Writes a string as a YAML scalar that `YAMLParser` reads back as the same string.
public enum YAMLScalarWriter {
    /// `text` plain when that is unambiguous in block context, otherwise double-quoted with escapes.
    public static func scalar(_ text: String) -> String {
        isPlainSafe(text) ? text : doubleQuoted(text)
    }

    /// Plain only if it cannot be read as another type (`true`, `12`), as an indicator (`- `, `{`) or losing spaces.
    private static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        guard YAMLScalar(text).resolvedType == .string, first != " ", last != " " else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if text.contains(": ") || text.contains(" #") || text.hasSuffix(":") { return false }
        return !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || ",[]{}".unicodeScalars.contains($0) }
    }

    private static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if let escape = escapes[scalar] {
                result += escape
            } else if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\x" + UTF8Scalar.hex(scalar.value, digits: 2)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static let escapes: [Unicode.Scalar: String] = ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"]
}
