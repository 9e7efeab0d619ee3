import Foundation

/// Any JSON value: GraphQL `Any`. Equality compares JSON structure.
///
/// `init(codableValue:)` stores a Swift value in its wire form (UUIDs without dashes, Int64 as strings, at any depth);
/// `decodeValue(_:)` reads it back, accepting the same wire forms.
public struct AnyValue: Codable, Equatable, Hashable, Sendable, CustomStringConvertible {
    let json: JSONValue

    /// The value as JSON bytes (sorted keys).
    public var value: Data {
        (try? json.encoded()) ?? Data("null".utf8)
    }

    /// Stores `codableValue`; throws `DataConnectCodecError.encodingFailed` when it does not encode to JSON (e.g. a non-finite `Double`).
    public init(codableValue: Codable) throws {
        do {
            let data = try JSONEncoder().encode(WireEncoded(value: codableValue))
            json = try JSONValue.parse(data)
        } catch {
            throw DataConnectCodecError(
                code: .encodingFailed, message: "cannot store \(type(of: codableValue)) in AnyValue: \(error)", underlyingError: error)
        }
    }

    /// Decodes the stored JSON as `T`; `nil` when it is JSON `null`. Throws `DataConnectCodecError.decodingFailed` naming the path.
    public func decodeValue<T: Decodable>(_ type: T.Type) throws -> T? {
        if json == .null { return nil }
        do {
            guard json.isDeep else { return try JSONDecoder().decode(WireDecoded<T>.self, from: json.encodedHere()).value }
            return try LargeStack.decode(WireDecoded<T>.self) { [json] in try json.encodedHere() }.value
        } catch {
            throw DecodingFailure.codecError(error, root: json)
        }
    }

    public init(from decoder: Decoder) throws {
        json = try JSONValue(from: decoder)
    }

    public func encode(to encoder: Encoder) throws {
        try json.encode(to: encoder)
    }

    /// The JSON text.
    public var description: String {
        String(decoding: value, as: UTF8.self)
    }
}
