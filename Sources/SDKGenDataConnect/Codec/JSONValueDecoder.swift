import Foundation

/// Decodes `Decodable` types straight from a parsed `JSONValue`, so a response is parsed once
/// and never turned back into text. It throws the same `DecodingError`s at the same coding
/// paths as `JSONDecoder` (what `DecodingFailure` turns into messages), and reads Data
/// Connect's wire forms (`UUID` without dashes, `Int64` as a string) at any depth.
///
/// Each decoder is one value plus the key that led to it; the coding path is rebuilt from
/// the chain of parents only when asked for (errors).
final class JSONValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    private let key: CodingKey?
    private let parent: JSONValueDecoder?

    init(_ value: JSONValue, key: CodingKey? = nil, parent: JSONValueDecoder? = nil) {
        self.value = value
        self.key = key
        self.parent = parent
    }

    var codingPath: [CodingKey] {
        var path: [CodingKey] = []
        var node: JSONValueDecoder? = self
        while let current = node, let key = current.key {
            path.append(key)
            node = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func child(_ value: JSONValue, key: CodingKey) -> JSONValueDecoder {
        JSONValueDecoder(value, key: key, parent: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, members: members))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self) }
        return UnkeyedContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        self
    }

    func decodeNil() -> Bool {
        value == .null
    }

    /// Every `decode` overload of the containers ends here: scalars are read from the value,
    /// other types from their own `init(from:)` with this decoder.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let scalar = T.self as? any JSONScalar.Type {
            guard let decoded = try scalar.init(json: self) as? T else { throw mismatch(T.self) }
            return decoded
        }
        return try T(from: self)
    }

    /// `valueNotFound` for `null`, else `typeMismatch`, as `JSONDecoder` reports them.
    func mismatch(_ type: Any.Type) -> DecodingError {
        let context = DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(type), found \(value.kindName)")
        return value == .null ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }

    func corrupted(_ description: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
    }
}

/// The key of an array element, named as `JSONDecoder` names it ("Index 3").
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONValueDecoder
    let members: [String: JSONValue]

    var codingPath: [CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool {
        members[key.stringValue] != nil
    }

    private func member(_ key: Key) throws -> JSONValueDecoder {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "no value for the key"))
        }
        return decoder.child(value, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try member(key).decodeNil()
    }

    // Also the witness of every concrete `decode(Bool.Type, forKey:)`-style requirement.
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try member(key).decode(T.self)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return try decoder.child(value, key: key).decode(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try member(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try member(key).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder {
        decoder.child(members["super"] ?? .null, key: SuperKey.super)
    }

    func superDecoder(forKey key: Key) throws -> Decoder {
        decoder.child(members[key.stringValue] ?? .null, key: key)
    }
}

/// The key `superDecoder()` uses.
private enum SuperKey: String, CodingKey {
    case `super`
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: JSONValueDecoder
    let elements: [JSONValue]
    private(set) var currentIndex = 0

    init(decoder: JSONValueDecoder, elements: [JSONValue]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next(_ type: Any.Type) throws -> JSONValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath + [IndexKey(intValue: currentIndex)], debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return decoder.child(elements[currentIndex], key: IndexKey(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { _ = try next(Never.self); return false }
        guard elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next(T.self).decode(T.self)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next([String: Any].self).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        try next([Any].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder {
        try next(Any.self)
    }
}

/// Types read directly from a JSON scalar.
private protocol JSONScalar {
    init(json decoder: JSONValueDecoder) throws
}

extension String: JSONScalar {
    fileprivate init(json decoder: JSONValueDecoder) throws {
        guard case .string(let text) = decoder.value else { throw decoder.mismatch(String.self) }
        self = text
    }
}

extension Bool: JSONScalar {
    fileprivate init(json decoder: JSONValueDecoder) throws {
        guard case .bool(let flag) = decoder.value else { throw decoder.mismatch(Bool.self) }
        self = flag
    }
}

extension Double: JSONScalar {
    fileprivate init(json decoder: JSONValueDecoder) throws {
        switch decoder.value {
        case .double(let number): self = number
        case .int(let number): self = Double(number)
        default: throw decoder.mismatch(Double.self)
        }
    }
}

extension Float: JSONScalar {
    fileprivate init(json decoder: JSONValueDecoder) throws {
        guard let number = try? Double(json: decoder) else { throw decoder.mismatch(Float.self) }
        self = Float(number)
    }
}

/// Integers accept integral JSON numbers that fit; `Int64` also its wire form, a decimal string.
extension JSONScalar where Self: FixedWidthInteger {
    fileprivate init(json decoder: JSONValueDecoder) throws {
        switch decoder.value {
        case .int(let number):
            guard let exact = Self(exactly: number) else { throw decoder.corrupted("the number \(number) does not fit in \(Self.self)") }
            self = exact
        case .string(let text) where Self.self == Int64.self:
            guard let number = Self(text) else { throw decoder.corrupted("expected Int64, found \"\(text)\"") }
            self = number
        default:
            throw decoder.mismatch(Self.self)
        }
    }
}

extension Int: JSONScalar {}
extension Int8: JSONScalar {}
extension Int16: JSONScalar {}
extension Int32: JSONScalar {}
extension Int64: JSONScalar {}
extension UInt: JSONScalar {}
extension UInt8: JSONScalar {}
extension UInt16: JSONScalar {}
extension UInt32: JSONScalar {}
extension UInt64: JSONScalar {}

extension UUID: JSONScalar {
    fileprivate init(json decoder: JSONValueDecoder) throws {
        self = try UUID.wireDecode(from: decoder)
    }
}
