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
        // Foundation's encoder recurses about fourteen frames a level: a deep value is encoded on a large stack.
        guard nesting > 32 else { return try encodedHere() }
        return try LargeStack.wait { [self] in Result { try encodedHere() } }.get()
    }

    private func encodedHere() throws -> Data {
        // A fresh encoder each time: JSONEncoder is not Sendable on every platform.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// The levels of arrays and objects, counted with a stack of values to see, not by recursion.
    var nesting: Int {
        var deepest = 0
        var pending = [(value: self, level: 0)]
        while let (value, level) = pending.popLast() {
            switch value {
            case .array(let items): pending.append(contentsOf: items.map { ($0, level + 1) })
            case .object(let members): pending.append(contentsOf: members.values.map { ($0, level + 1) })
            default: continue
            }
            deepest = max(deepest, level + 1)
        }
        return deepest
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
