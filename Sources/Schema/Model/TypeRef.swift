import GraphQL

/// A GraphQL type as written at a use site: a named type wrapped in lists and non-null markers.
public enum TypeRef: Hashable, Sendable, CustomStringConvertible {
    // Only the wrapping cases are boxed, so plain named types cost no allocation.
    case named(String)
    indirect case list(TypeRef)
    indirect case nonNull(TypeRef)

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
    public var isList: Bool { listElement != nil }

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

    /// The type a syntax-tree type reference writes.
    public init(_ reference: TypeReference) {
        switch reference {
        case .named(let named): self = .named(named.name.value)
        case .list(let inner, _): self = .list(TypeRef(inner))
        case .nonNull(let inner, _): self = .nonNull(TypeRef(inner))
        }
    }
}
