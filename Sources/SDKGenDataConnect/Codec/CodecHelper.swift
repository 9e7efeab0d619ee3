import Foundation

/// Encodes and decodes fields in Data Connect's wire forms. Generated code calls it for
/// every variable and result field.
///
/// Wire forms: `UUID` as 32 lowercase hex digits without dashes (dashed input is accepted),
/// `Int64` as a decimal string (a JSON number is accepted on input), applied to single
/// values *and* to any nesting of arrays and optionals (`[UUID]`, `[Int64?]`, `[[UUID]]`).
/// Every other type uses its own `Codable` implementation.
public final class CodecHelper<K: CodingKey> {
    /// Creates a helper; it is stateless.
    public init() {}

    /// Encodes `value` for `forKey` in its wire form; `nil` optionals encode as JSON `null`.
    public func encode(_ value: Encodable, forKey: K, container: inout KeyedEncodingContainer<K>) throws {
        try container.encode(WireEncoded(value: value), forKey: forKey)
    }

    /// Decodes a `T` for `forKey` from its wire form. For optional `T`, a missing key or
    /// JSON `null` gives `nil`.
    public func decode<T: Decodable>(_ type: T.Type, forKey: K, container: inout KeyedDecodingContainer<K>) throws -> T {
        try WireCodec.decode(type, forKey: forKey, from: container)
    }
}

/// Wire-form coding outside keyed containers: root scalars, unkeyed containers,
/// hand-written `Codable` implementations.
public enum WireCodec {
    /// Encodes `value` (in its wire form) as the whole value of `encoder`.
    public static func encode(_ value: Encodable, to encoder: Encoder) throws {
        try WireEncoded(value: value).encode(to: encoder)
    }

    /// Decodes the whole value of `decoder` as a `T`, accepting wire forms.
    public static func decode<T: Decodable>(_ type: T.Type, from decoder: Decoder) throws -> T {
        try WireDecoded<T>(from: decoder).value
    }

    /// Appends `value` (in its wire form) to an unkeyed container.
    public static func encode(_ value: Encodable, to container: inout UnkeyedEncodingContainer) throws {
        try container.encode(WireEncoded(value: value))
    }

    /// Decodes the next element of an unkeyed container as a `T`, accepting wire forms.
    public static func decode<T: Decodable>(_ type: T.Type, from container: inout UnkeyedDecodingContainer) throws -> T {
        try container.decode(WireDecoded<T>.self).value
    }

    static func decode<T: Decodable, K: CodingKey>(
        _ type: T.Type, forKey key: K, from container: KeyedDecodingContainer<K>
    ) throws -> T {
        if let optionalType = T.self as? any WireOptionalDecodable.Type {
            let decoded = try optionalType.wireDecodeIfPresent(from: container, forKey: key)
            guard let value = decoded as? T else {
                throw DecodingError.typeMismatch(
                    T.self,
                    DecodingError.Context(codingPath: container.codingPath + [key], debugDescription: "optional decoding produced another type"))
            }
            return value
        }
        return try container.decode(WireDecoded<T>.self, forKey: key).value
    }
}
