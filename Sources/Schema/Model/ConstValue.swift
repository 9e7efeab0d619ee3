import GraphQL

/// A constant GraphQL value: argument defaults and directive arguments in the schema.
public enum ConstValue: Hashable, Sendable, CustomStringConvertible {
    case null
    /// Integer literal, kept as written so that no precision is lost.
    case int(String)
    /// Float literal, kept as written.
    case float(String)
    case string(String)
    case boolean(Bool)
    case enumValue(String)
    case list([ConstValue])
    case object([ObjectField])

    /// One `name: value` entry of an object value.
    public struct ObjectField: Hashable, Sendable {
        public var name: String
        public var value: ConstValue
    }

    /// The text of a string value.
    public var string: String? { if case .string(let value) = self { value } else { nil } }

    /// The string, or each string of a list; a single string counts as a one-element list, as
    /// GraphQL input coercion does for `[String!]` arguments.
    public var stringList: [String]? {
        switch self {
        case .string(let value): return [value]
        case .list(let items):
            let strings = items.compactMap(\.string)
            return strings.count == items.count ? strings : nil
        default: return nil
        }
    }

    /// The value in GraphQL syntax, e.g. `{gt: 0}` or `"english"`.
    public var description: String {
        switch self {
        case .null: "null"
        case .int(let text), .float(let text): text
        case .string(let text): Printer.quoted(text)
        case .boolean(let value): value ? "true" : "false"
        case .enumValue(let name): name
        case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let fields): "{" + fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}

extension ConstValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(integerLiteral value: Int) { self = .int(String(value)) }
}
