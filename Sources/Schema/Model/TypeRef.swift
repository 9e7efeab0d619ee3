/// A GraphQL type as written at a use site: a named type wrapped in lists and non-null markers.
public indirect enum TypeRef: Hashable, Sendable, CustomStringConvertible {
    case named(String)
    case list(TypeRef)
    case nonNull(TypeRef)

    /// The innermost type name (`[Movie!]!` → `Movie`).
    public var namedType: String {
        switch self {
        case .named(let name): name
        case .list(let inner), .nonNull(let inner): inner.namedType
        }
    }

    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type without an outer non-null marker.
    public var nullable: TypeRef {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// The type with an outer non-null marker.
    public var nonNull: TypeRef { isNonNull ? self : .nonNull(self) }

    /// Whether the type is a list, ignoring an outer non-null marker.
    public var isList: Bool {
        if case .list = nullable { return true }
        return false
    }

    /// The element type of a list (ignoring an outer non-null marker); nil for a non-list.
    public var listElement: TypeRef? {
        if case .list(let inner) = nullable { return inner }
        return nil
    }

    /// GraphQL notation, e.g. `[String!]!`.
    public var description: String {
        switch self {
        case .named(let name): name
        case .list(let inner): "[\(inner)]"
        case .nonNull(let inner): "\(inner)!"
        }
    }

    /// Parses GraphQL type notation such as `[String!]!`; nil when the text is not a type.
    public init?(parsing text: String) {
        var scalars = Substring(text.filter { !$0.isWhitespace })
        guard let parsed = Self.parse(&scalars), scalars.isEmpty else { return nil }
        self = parsed
    }

    private static func parse(_ text: inout Substring) -> TypeRef? {
        var result: TypeRef
        if text.first == "[" {
            text.removeFirst()
            guard let inner = parse(&text), text.first == "]" else { return nil }
            text.removeFirst()
            result = .list(inner)
        } else {
            let name = text.prefix { $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) }
            guard let first = name.first, !first.isNumber else { return nil }
            text.removeFirst(name.count)
            result = .named(String(name))
        }
        if text.first == "!" {
            text.removeFirst()
            result = .nonNull(result)
        }
        return result
    }
}
