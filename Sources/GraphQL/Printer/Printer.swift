import Diagnostics

/// Writes value literals back as canonical GraphQL text, as graphql-js's `print` does: messages
/// quote them, and the IR and generated code carry arguments and defaults in this form.
public enum Printer {
    /// A value literal.
    public static func print(_ value: Value) -> String {
        switch value {
        case .variable(let node): "$" + node.name.value
        case .int(let node): node.text
        case .float(let node): node.text
        case .string(let node): node.isBlockString ? BlockString.literal(node.value) : quoted(node.value)
        case .boolean(let node): node.value ? "true" : "false"
        case .null: "null"
        case .enumValue(let node): node.value
        case .list(let node): "[" + node.values.map(print).joined(separator: ", ") + "]"
        case .object(let node): "{" + node.fields.map { $0.name.value + ": " + print($0.value) }.joined(separator: ", ") + "}"
        }
    }

    /// A double-quoted string with the escapes graphql-js uses.
    public static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}":
                result += "\\u" + UTF8Scalar.hex(scalar.value, digits: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
