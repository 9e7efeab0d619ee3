import Diagnostics
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

    /// Parses GraphQL type notation such as `[String!]!`; nil when the text is not a type.
    public init?(parsing text: String) {
        // Works on ASCII bytes without copying: synthesis parses many of these.
        let parsed: TypeRef? = text.withUTF8Bytes { bytes in
            var position = 0
            guard let result = Self.parse(bytes, &position) else { return nil }
            Self.skipSpaces(bytes, &position)
            return position == bytes.count ? result : nil
        }
        guard let parsed else { return nil }
        self = parsed
    }

    private static func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0A { position += 1 }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> TypeRef? {
        skipSpaces(bytes, &position)
        var result: TypeRef
        if position < bytes.count, bytes[position] == UInt8(ascii: "[") {
            position += 1
            guard let inner = parse(bytes, &position) else { return nil }
            skipSpaces(bytes, &position)
            guard position < bytes.count, bytes[position] == UInt8(ascii: "]") else { return nil }
            position += 1
            result = .list(inner)
        } else {
            let start = position
            while position < bytes.count, isNameByte(bytes[position], first: position == start) { position += 1 }
            guard position > start else { return nil }
            result = .named(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
        }
        skipSpaces(bytes, &position)
        if position < bytes.count, bytes[position] == UInt8(ascii: "!") {
            position += 1
            result = .nonNull(result)
        }
        return result
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
        default: false
        }
    }
}
