import Foundation

// Data Connect's wire forms differ from Foundation's defaults for two scalars:
// UUID is 32 lowercase hex digits without dashes, Int64 is a decimal string.
// These types apply the wire forms at any depth (`[UUID]`, `[[Int64?]]`, ...),
// which Firebase's runtime only does for single values.

/// Types with a wire form of their own (or containing such types).
protocol WireEncodable {
    func wireEncode(to encoder: Encoder) throws
}

/// Types decoded from their wire form (or containing such types).
protocol WireDecodable {
    static func wireDecode(from decoder: Decoder) throws -> Self
}

/// Encodes any `Encodable` using the wire forms.
struct WireEncoded: Encodable {
    let value: any Encodable

    func encode(to encoder: Encoder) throws {
        if let wire = value as? any WireEncodable {
            try wire.wireEncode(to: encoder)
        } else {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
}

/// Decodes any `Decodable` accepting the wire forms.
struct WireDecoded<Value: Decodable>: Decodable {
    let value: Value

    init(from decoder: Decoder) throws {
        if let decoder = decoder as? JSONValueDecoder {
            // It reads the wire forms itself.
            value = try decoder.decode(Value.self)
        } else if let wireType = Value.self as? any WireDecodable.Type {
            guard let decoded = try wireType.wireDecode(from: decoder) as? Value else {
                throw DecodingError.typeMismatch(
                    Value.self,
                    DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "wire decoding produced another type"))
            }
            value = decoded
        } else {
            // Through the container so decoder-specific handling (Date, Data, URL) still applies.
            value = try decoder.singleValueContainer().decode(Value.self)
        }
    }
}

extension UUID: WireEncodable, WireDecodable {
    /// The wire form: lowercase hex without dashes.
    var wireString: String {
        uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// Parses 32 hex digits without dashes (the wire form) or the dashed form.
    init?(wireString: String) {
        if wireString.utf8.count == 32 {
            guard wireString.utf8.allSatisfy(UUID.isHexDigit) else { return nil }
            let chars = Array(wireString)
            let dashed = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32]
                .map { String(chars[$0]) }
                .joined(separator: "-")
            self.init(uuidString: dashed)
        } else {
            self.init(uuidString: wireString)
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    func wireEncode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wireString)
    }

    static func wireDecode(from decoder: Decoder) throws -> UUID {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let uuid = UUID(wireString: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected UUID, found \"\(text)\"")
        }
        return uuid
    }
}

extension Int64: WireEncodable, WireDecodable {
    func wireEncode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(self))
    }

    /// Accepts the wire form (a string) and, leniently, a JSON number.
    static func wireDecode(from decoder: Decoder) throws -> Int64 {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let value = Int64(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected Int64, found \"\(text)\"")
            }
            return value
        }
        return try container.decode(Int64.self)
    }
}

extension Array: WireEncodable where Element: Encodable {
    func wireEncode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self {
            try container.encode(WireEncoded(value: element))
        }
    }
}

extension Array: WireDecodable where Element: Decodable {
    static func wireDecode(from decoder: Decoder) throws -> [Element] {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd {
            elements.append(try container.decode(WireDecoded<Element>.self).value)
        }
        return elements
    }
}

extension Optional: WireEncodable where Wrapped: Encodable {
    func wireEncode(to encoder: Encoder) throws {
        switch self {
        case .none:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .some(let wrapped):
            try WireEncoded(value: wrapped).encode(to: encoder)
        }
    }
}

extension Optional: WireDecodable where Wrapped: Decodable {
    static func wireDecode(from decoder: Decoder) throws -> Wrapped? {
        if try decoder.singleValueContainer().decodeNil() { return nil }
        return try WireDecoded<Wrapped>(from: decoder).value
    }
}

/// Lets `CodecHelper` treat a missing key as `nil` for optional types.
protocol WireOptionalDecodable {
    static func wireDecodeIfPresent<Key: CodingKey>(
        from container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> Self
}

extension Optional: WireOptionalDecodable where Wrapped: Decodable {
    static func wireDecodeIfPresent<Key: CodingKey>(
        from container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> Wrapped? {
        try container.decodeIfPresent(WireDecoded<Wrapped>.self, forKey: key)?.value
    }
}
