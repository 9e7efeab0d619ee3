/// A minimal JSON value with ordered object keys, printed with two-space indentation.
indirect enum JSONValue {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

    func rendered() -> String {
        var output = ""
        write(into: &output, indent: 0)
        return output + "\n"
    }

    private func write(into output: inout String, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .string(let value): Self.quote(value, into: &output)
        case .array(let items): Self.write(items.map { (nil, $0) }, brackets: ("[", "]"), into: &output, indent: indent)
        case .object(let members): Self.write(members.map { ($0.0, $0.1) }, brackets: ("{", "}"), into: &output, indent: indent)
        }
    }

    /// The items of an array (without keys) or the members of an object, one a line.
    private static func write(_ items: [(String?, JSONValue)], brackets: (String, String), into output: inout String, indent: Int) {
        guard !items.isEmpty else { output += brackets.0 + brackets.1; return }
        output += brackets.0 + "\n"
        for (index, (key, value)) in items.enumerated() {
            output += String(repeating: "  ", count: indent + 1)
            if let key {
                quote(key, into: &output)
                output += ": "
            }
            value.write(into: &output, indent: indent + 1)
            output += index == items.count - 1 ? "\n" : ",\n"
        }
        output += String(repeating: "  ", count: indent) + brackets.1
    }

    private static func quote(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
