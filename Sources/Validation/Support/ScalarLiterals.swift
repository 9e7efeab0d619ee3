import GraphQL
import Schema

/// Checks a literal against a scalar: graphql-js's wording for built-in scalars, Data Connect's wire formats for its own.
enum ScalarLiterals {
    /// The message when `value` does not fit the position's `expectedType`, named whole like graphql-js (`[UUID!]`).
    static func problem(_ value: Value, expectedType: TypeRef) -> String? {
        let scalar = expectedType.namedType
        let printed = Printer.print(value)
        switch scalar {
        case "Int":
            guard case .int(let int) = value else { return "Int cannot represent non-integer value: \(printed)" }
            guard Int32(int.text) != nil else { return "Int cannot represent non 32-bit signed integer value: \(int.text)" }
            return nil
        case "Float":
            switch value {
            case .int, .float: return nil
            default: return "Float cannot represent non numeric value: \(printed)"
            }
        case "String":
            if case .string = value { return nil }
            return "String cannot represent a non string value: \(printed)"
        case "Boolean":
            if case .boolean = value { return nil }
            return "Boolean cannot represent a non boolean value: \(printed)"
        case "ID":
            switch value {
            case .string, .int: return nil
            default: return "ID cannot represent a non-string and non-integer value: \(printed)"
            }
        default:
            return dataConnectProblem(value, scalar: scalar).map { "Expected value of type \"\(expectedType)\", found \(printed); \($0)" }
        }
    }

    /// The reason a literal does not fit a Data Connect scalar, or nil.
    private static func dataConnectProblem(_ value: Value, scalar: String) -> String? {
        switch scalar {
        case "Int64":
            switch value {
            case .int(let int): return Int64(int.text) == nil ? "Int64 is a signed 64-bit integer" : nil
            case .string(let string) where Int64(string.value) != nil: return nil
            default: return "Int64 is a signed 64-bit integer, written as a number or a string of digits"
            }
        case "UUID":
            guard case .string(let string) = value else { return "a UUID is a string such as \"123e4567-e89b-12d3-a456-426614174000\"" }
            return isUUID(string.value) ? nil : "a UUID has 32 hexadecimal digits, optionally with dashes"
        case "Date":
            // Data Connect truncates a time part, so a full timestamp is a valid Date too.
            if case .string(let string) = value, isDate(string.value) || isTimestamp(string.value) { return nil }
            return "a Date is a string in the form \"YYYY-MM-DD\""
        case "Timestamp":
            if case .string(let string) = value, isTimestamp(string.value) { return nil }
            return "a Timestamp is an RFC 3339 string such as \"2024-05-01T12:00:00Z\""
        case "True":
            if case .boolean(let boolean) = value, boolean.value { return nil }
            return "the only value of True is true"
        case "Vector":
            guard case .list(let list) = value else { return "a Vector is a list of numbers" }
            let numeric = list.values.allSatisfy { item in
                switch item {
                case .int, .float, .variable: return true
                default: return false
                }
            }
            return numeric ? nil : "a Vector is a list of numbers"
        case "Any":
            return nil
        default:
            // Server-value and SQL scalars (`String_Expr`, `Any_SQL`) hold source text, so they take strings.
            if scalar.hasSuffix("_Expr") || scalar.hasSuffix("_SQL") || scalar.hasPrefix("SQL_") {
                if case .string = value { return nil }
                return "\(scalar) holds an expression written as a string"
            }
            return nil
        }
    }

    private static func isUUID(_ text: String) -> Bool {
        var body = Substring(text)
        if body.hasPrefix("urn:uuid:") { body = body.dropFirst(9) }
        if body.hasPrefix("{"), body.hasSuffix("}") { body = body.dropFirst().dropLast() }
        let digits = body.filter { $0 != "-" }
        return digits.count == 32 && digits.allSatisfy(\.isHexDigit)
    }

    private static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let month = Int(parts[1]), let day = Int(parts[2]) else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }

    private static func isTimestamp(_ text: String) -> Bool {
        guard text.count >= 20, let separator = text.firstIndex(where: { $0 == "T" || $0 == "t" }),
              isDate(String(text[..<separator])) else { return false }
        let time = text[text.index(after: separator)...]
        let clock = time.prefix(8)
        let fields = clock.split(separator: ":")
        guard fields.count == 3, fields.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isNumber) }) else { return false }
        var rest = time.dropFirst(8)
        if rest.first == "." {
            rest = rest.dropFirst()
            let fraction = rest.prefix(while: \.isNumber)
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(fraction.count)
        }
        if rest == "Z" || rest == "z" { return true }
        guard rest.count == 6, rest.first == "+" || rest.first == "-" else { return false }
        let offset = rest.dropFirst().split(separator: ":")
        return offset.count == 2 && offset.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isNumber) }
    }
}
