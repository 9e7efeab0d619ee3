import Foundation

/// An arbitrary JSON value: the payload of `AnyValue` and the parsed form of responses.
enum JSONValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    /// Integral numbers that fit, kept exact.
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        if let decoder = decoder as? JSONValueDecoder {
            self = decoder.value
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Deterministic JSON text (sorted keys), used for equality-relevant bytes and caching.
    func encoded() throws -> Data {
        guard isDeep else { return try encodedHere() }
        return try LargeStack.wait { [self] in Result { try encodedHere() } }.get()
    }

    /// `encoded()` on the calling thread, whatever the depth.
    func encodedHere() throws -> Data {
        // A fresh encoder each time: JSONEncoder is not Sendable on every platform.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// Whether arrays and objects nest more than `LargeStack.shallowDepth` levels, too deep for
    /// Foundation's coders (about fourteen frames a level) on a small stack. Counted with a stack of
    /// values to see, not by recursion.
    var isDeep: Bool {
        var pending = [(value: self, level: 0)]
        while let (value, level) = pending.popLast() {
            let children: [JSONValue]
            switch value {
            case .array(let items): children = items
            case .object(let members): children = Array(members.values)
            default: continue
            }
            guard level < LargeStack.shallowDepth else { return true }
            for child in children { pending.append((child, level + 1)) }
        }
        return false
    }

    /// The JSON type name used in error messages ("found String").
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "Bool"
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .array: return "Array"
        case .object: return "Object"
        }
    }

    /// The value reached by following a decoder's coding path, if it exists.
    func value(at codingPath: [CodingKey]) -> JSONValue? {
        var current = self
        for key in codingPath {
            switch current {
            case .array(let elements):
                guard let index = key.intValue, elements.indices.contains(index) else { return nil }
                current = elements[index]
            case .object(let members):
                guard let member = members[key.stringValue] else { return nil }
                current = member
            default:
                return nil
            }
        }
        return current
    }
}
