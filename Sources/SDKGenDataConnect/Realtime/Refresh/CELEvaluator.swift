/// Evaluates a parsed condition over JSON bindings (`request`, `mutation`); a definite `&&`/`||` side absorbs an error on the other.
/// Variables are in wire form (UUIDs without dashes, Int64 as strings), so those compare equal to their other forms.
struct CELEvaluator {
    let bindings: [String: JSONValue]

    func evaluate(_ expression: CELExpression) -> Result<JSONValue, CELFailure> {
        Result { try value(expression) }.mapError { $0 as? CELFailure ?? .error("\($0)") }
    }

    private func value(_ expression: CELExpression) throws -> JSONValue {
        switch expression {
        case .literal(let value):
            return value
        case .list(let elements):
            return .array(try elements.map(value))
        case .identifier(let name):
            guard let value = bindings[name] else { throw CELFailure.error("undeclared reference to \"\(name)\"") }
            return value
        case .select(let operand, let field):
            let object = try value(operand)
            guard case .object(let members) = object else { throw CELFailure.error("\(object.kindName) has no field \"\(field)\"") }
            guard let member = members[field] else { throw CELFailure.error("no such key: \(field)") }
            return member
        case .index(let operand, let index):
            switch try (value(operand), value(index)) {
            case (.object(let members), .string(let key)):
                guard let member = members[key] else { throw CELFailure.error("no such key: \(key)") }
                return member
            case (.array(let elements), .int(let position)):
                guard position >= 0, position < elements.count else { throw CELFailure.error("index \(position) out of range") }
                return elements[Int(position)]
            case let (container, index):
                throw CELFailure.error("cannot index \(container.kindName) with \(index.kindName)")
            }
        case .has(let operand, let field):
            let object = try value(operand)
            guard case .object(let members) = object else { throw CELFailure.error("has() on \(object.kindName)") }
            return .bool(members[field] != nil)
        case .size(let operand):
            switch try value(operand) {
            case .string(let string): return .int(Int64(string.unicodeScalars.count))
            case .array(let elements): return .int(Int64(elements.count))
            case .object(let members): return .int(Int64(members.count))
            case let other: throw CELFailure.error("size() of \(other.kindName)")
            }
        case .not(let operand):
            let result = try value(operand)
            guard case .bool(let bool) = result else { throw CELFailure.error("! on \(result.kindName)") }
            return .bool(!bool)
        case .negate(let operand):
            switch try value(operand) {
            case .int(let int) where int != .min: return .int(-int)
            case .double(let double): return .double(-double)
            case let other: throw CELFailure.error("- on \(other.kindName)")
            }
        case .binary(.and, let left, let right):
            return try logical(left, right, absorbing: false)
        case .binary(.or, let left, let right):
            return try logical(left, right, absorbing: true)
        case .binary(let relation, let left, let right):
            return try compare(value(left), relation, value(right))
        }
    }

    /// `&&` (`absorbing` false) or `||` (true): the absorbing value on either side decides, whatever the other side is.
    private func logical(_ left: CELExpression, _ right: CELExpression, absorbing: Bool) throws -> JSONValue {
        let sides = [left, right].map { side in Result { try value(side) } }
        if sides.contains(where: { (try? $0.get()) == .bool(absorbing) }) { return .bool(absorbing) }
        for side in sides {
            let value = try side.get()
            guard case .bool = value else { throw CELFailure.error("\(absorbing ? "||" : "&&") on \(value.kindName)") }
        }
        return .bool(!absorbing)
    }

    private func compare(_ lhs: JSONValue, _ relation: CELOperator, _ rhs: JSONValue) throws -> JSONValue {
        switch relation {
        case .equal: return .bool(WireEquality.equal(lhs, rhs))
        case .notEqual: return .bool(!WireEquality.equal(lhs, rhs))
        case .in:
            switch rhs {
            case .array(let elements): return .bool(elements.contains { WireEquality.equal(lhs, $0) })
            case .object(let members):
                guard case .string(let key) = lhs else { throw CELFailure.error("in on a map needs a string key") }
                return .bool(members[key] != nil)
            default: throw CELFailure.error("in on \(rhs.kindName)")
            }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = WireEquality.order(lhs, rhs) else {
                throw CELFailure.error("cannot order \(lhs.kindName) and \(rhs.kindName)")
            }
            let holds: [CELOperator: Bool] = [.less: order < 0, .lessOrEqual: order <= 0, .greater: order > 0, .greaterOrEqual: order >= 0]
            return .bool(holds[relation]!)
        case .and, .or:
            throw CELFailure.unsupported("\(relation.rawValue) as a comparison")
        }
    }
}

/// Equality and order of JSON values in their wire forms, shared by conditions and key matching.
enum WireEquality {
    static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b || (uuid(a).map { $0 == uuid(b) } ?? false)
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { equal(value, $0) } ?? false }
        default:
            // Numbers of different kinds, or a number and the decimal string of an Int64.
            return order(lhs, rhs) == 0
        }
    }

    /// Negative, zero or positive; `nil` when the values have no order.
    static func order(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)) where number(lhs) == nil || number(rhs) == nil:
            let (x, y) = (a.unicodeScalars, b.unicodeScalars)
            return x.elementsEqual(y) ? 0 : (x.lexicographicallyPrecedes(y) ? -1 : 1)
        case (.bool(let a), .bool(let b)):
            return a == b ? 0 : (a ? 1 : -1)
        default:
            if let a = integer(lhs), let b = integer(rhs) { return a == b ? 0 : (a < b ? -1 : 1) }
            guard let a = number(lhs), let b = number(rhs) else { return nil }
            return a == b ? 0 : (a < b ? -1 : 1)
        }
    }

    /// An integer, or the decimal string an Int64 travels as, compared exactly.
    private static func integer(_ value: JSONValue) -> Int64? {
        switch value {
        case .int(let int): return int
        case .string(let string): return Int64(string)
        default: return nil
        }
    }

    /// A number, or the decimal string an Int64 travels as.
    private static func number(_ value: JSONValue) -> Double? {
        if case .double(let double) = value { return double }
        return integer(value).map(Double.init)
    }

    /// The 32 lowercase hex digits of a UUID written with or without dashes.
    private static func uuid(_ text: String) -> String? {
        let digits = text.lowercased().filter { $0 != "-" }
        guard digits.count == 32, digits.allSatisfy(\.isHexDigit), text.count == 32 || text.count == 36 else { return nil }
        return digits
    }
}
