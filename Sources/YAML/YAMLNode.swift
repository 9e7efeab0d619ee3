import Diagnostics

/// How a scalar was written in the source.
public enum YAMLScalarStyle: Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
}

/// The type a scalar resolves to under the YAML 1.2 core schema.
///
/// Only plain scalars resolve to anything but `.string`: `"true"` is a string, `true` a boolean.
public enum YAMLScalarType: Sendable, Hashable {
    case null
    case bool
    case int
    case float
    case string
}

/// A scalar's text after escapes and line folding, plus the style it was written in.
public struct YAMLScalar: Sendable, Hashable {
    /// The value after escapes and folding, without quotes.
    public var text: String
    public var style: YAMLScalarStyle

    public init(_ text: String, style: YAMLScalarStyle = .plain) {
        self.text = text
        self.style = style
    }

    /// The core-schema type of the scalar.
    public var resolvedType: YAMLScalarType {
        guard style == .plain else { return .string }
        if YAMLCoreSchema.isNull(text) { return .null }
        if YAMLCoreSchema.bool(text) != nil { return .bool }
        if YAMLCoreSchema.int(text) != nil { return .int }
        if YAMLCoreSchema.isFloat(text) { return .float }
        return .string
    }
}

/// A scalar together with where it was written; used for mapping keys.
public struct YAMLScalarNode: Sendable {
    public var scalar: YAMLScalar
    /// Where the scalar is written, quotes included.
    public var range: SourceRange
    /// The file the scalar was read from.
    public var file: SourceFile

    /// The key's text.
    public var text: String { scalar.text }

    /// The place to point a diagnostic at.
    public var span: SourceSpan { SourceSpan(file: file, range: range) }
}

/// One `key: value` pair of a mapping.
public struct YAMLMappingEntry: Sendable {
    public var key: YAMLScalarNode
    public var value: YAMLNode
}

/// A node of a YAML document with its location in the source file.
public struct YAMLNode: Sendable {
    public enum Kind: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        /// Entries in source order; keys are unique.
        case mapping([YAMLMappingEntry])
        /// A value written as nothing at all (`key:`). `null` and `~` are plain scalars; see `isNull`.
        case null
    }

    public var kind: Kind
    /// Where the node is written: quotes and brackets included; for a block collection, from its
    /// first key or `-` to the end of its last value; empty (just after the `:`) for an empty value.
    public var range: SourceRange
    /// The file the node was read from.
    public var file: SourceFile

    /// The place to point a diagnostic at.
    public var span: SourceSpan { SourceSpan(file: file, range: range) }

    /// The scalar, whatever its style.
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = kind { scalar } else { nil }
    }

    /// The items of a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = kind { items } else { nil }
    }

    /// The entries of a mapping.
    public var mapping: [YAMLMappingEntry]? {
        if case .mapping(let entries) = kind { entries } else { nil }
    }

    /// True for an empty value and for the plain scalars `null`, `Null`, `NULL` and `~`.
    public var isNull: Bool {
        switch kind {
        case .null: true
        case .scalar(let scalar): scalar.resolvedType == .null
        case .sequence, .mapping: false
        }
    }

    /// The text of any scalar that is not null. Numbers and booleans give their source text.
    public var string: String? {
        guard let scalar, scalar.resolvedType != .null else { return nil }
        return scalar.text
    }

    /// The value of a plain core-schema integer (`12`, `-3`, `0o17`, `0x1F`); nil when it overflows.
    public var int: Int? {
        guard let scalar, scalar.style == .plain else { return nil }
        return YAMLCoreSchema.int(scalar.text)
    }

    /// The value for `key` when this node is a mapping.
    public subscript(key: String) -> YAMLNode? {
        mapping?.first { $0.key.text == key }?.value
    }

    /// What the node is, for messages such as `expected a string, found a mapping`.
    public var typeDescription: String {
        switch kind {
        case .null: return "nothing"
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        case .scalar(let scalar):
            switch scalar.resolvedType {
            case .null: return "null"
            case .bool: return "a boolean"
            case .int, .float: return "a number"
            case .string: return "a string"
            }
        }
    }
}

/// Resolution of plain scalars under the YAML 1.2 core schema.
enum YAMLCoreSchema {
    static func isNull(_ text: String) -> Bool {
        text == "null" || text == "Null" || text == "NULL" || text == "~" || text.isEmpty
    }

    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }

    static func int(_ text: String) -> Int? {
        if text.hasPrefix("0o") { return allDigits(text.dropFirst(2), radix: 8) ? Int(text.dropFirst(2), radix: 8) : nil }
        if text.hasPrefix("0x") { return allDigits(text.dropFirst(2), radix: 16) ? Int(text.dropFirst(2), radix: 16) : nil }
        return Int(text)
    }

    static func isFloat(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        if [".inf", ".Inf", ".INF"].contains(rest) { return true }
        if [".nan", ".NaN", ".NAN"].contains(text) { return true }
        let mantissaEnd = rest.firstIndex { $0 == "e" || $0 == "E" } ?? rest.endIndex
        let mantissa = rest[..<mantissaEnd]
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count <= 2, mantissa.contains(where: \.isASCIIDigit) else { return false }
        guard parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return false }
        guard mantissaEnd < rest.endIndex else { return true }
        var exponent = rest[rest.index(after: mantissaEnd)...]
        if exponent.first == "-" || exponent.first == "+" { exponent = exponent.dropFirst() }
        return allDigits(exponent, radix: 10)
    }

    private static func allDigits(_ text: Substring, radix: Int) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isHexDigit && Int(String($0), radix: radix) != nil }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
