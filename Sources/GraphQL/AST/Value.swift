import Diagnostics

/// An input value literal.
public enum Value: Hashable, Sendable {
    case variable(Variable)
    case int(IntValue)
    case float(FloatValue)
    case string(StringValue)
    case boolean(BooleanValue)
    case null(NullValue)
    /// An enum value: a name other than `true`, `false` and `null`.
    case enumValue(EnumValue)
    case list(ListValue)
    case object(ObjectValue)

    public var range: SourceRange {
        switch self {
        case .variable(let node): node.range
        case .int(let node): node.range
        case .float(let node): node.range
        case .string(let node): node.range
        case .boolean(let node): node.range
        case .null(let node): node.range
        case .enumValue(let node): node.range
        case .list(let node): node.range
        case .object(let node): node.range
        }
    }
}

/// An integer literal, kept as written so that no precision is lost before its type is known.
public struct IntValue: Hashable, Sendable {
    public var text: String
    public var range: SourceRange
}

/// A float literal, kept as written.
public struct FloatValue: Hashable, Sendable {
    public var text: String
    public var range: SourceRange
}

/// A string literal after escapes (and block-string indentation) are processed.
public struct StringValue: Hashable, Sendable {
    public var value: String
    /// Whether it was written as a `"""block string"""`.
    public var isBlockString: Bool
    public var range: SourceRange

    public init(_ value: String, isBlockString: Bool = false, range: SourceRange = .synthesized) {
        self.value = value
        self.isBlockString = isBlockString
        self.range = range
    }
}

/// `true` or `false`.
public struct BooleanValue: Hashable, Sendable {
    public var value: Bool
    public var range: SourceRange
}

/// `null`.
public struct NullValue: Hashable, Sendable {
    public var range: SourceRange
}

/// An enum value literal such as `ASC`.
public struct EnumValue: Hashable, Sendable {
    public var value: String
    public var range: SourceRange
}

/// `[value, ...]`.
public struct ListValue: Hashable, Sendable {
    public var values: [Value]
    public var range: SourceRange
}

/// `{name: value, ...}`.
public struct ObjectValue: Hashable, Sendable {
    public var fields: [ObjectField]
    public var range: SourceRange
}

/// One `name: value` entry of an object value.
public struct ObjectField: Hashable, Sendable {
    public var name: Name
    public var value: Value
    public var range: SourceRange
}

/// A reference to a type by name.
public struct NamedType: Hashable, Sendable {
    public var name: Name

    /// The same range as the name: a named type is nothing but its name.
    public var range: SourceRange { name.range }
}

/// A type as written where a value's type is declared: `Movie`, `[Movie!]!`.
public enum TypeReference: Hashable, Sendable, CustomStringConvertible {
    case named(NamedType)
    /// `[Type]`; the range covers the brackets.
    indirect case list(TypeReference, range: SourceRange)
    /// `Type!`; the range covers the `!`.
    indirect case nonNull(TypeReference, range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .named(let named): named.range
        case .list(_, let range), .nonNull(_, let range): range
        }
    }

    /// The named type at the core, e.g. `Movie` for `[Movie!]!`.
    public var namedType: NamedType {
        switch self {
        case .named(let named): named
        case .list(let inner, _), .nonNull(let inner, _): inner.namedType
        }
    }

    /// The type in SDL notation, e.g. `[Movie!]!`.
    public var description: String {
        switch self {
        case .named(let named): named.name.value
        case .list(let inner, _): "[\(inner.description)]"
        case .nonNull(let inner, _): "\(inner.description)!"
        }
    }
}
