/// Evaluates a parsed condition over JSON bindings (`request`, `mutation`), with CEL's rules for
/// `&&`/`||` (a definite answer on one side absorbs an error on the other).
///
/// Variables are in their wire forms (UUIDs without dashes, Int64 as strings), so comparisons
/// also accept a decimal string against a number and a UUID with or without dashes.
struct CELEvaluator {
    let bindings: [String: JSONValue]

    func evaluate(_ expression: CELExpression) -> Result<JSONValue, CELFailure> {
        switch expression {
        case .literal(let value):
            return .success(value)
        case .list(let elements):
            var values: [JSONValue] = []
            for element in elements {
                switch evaluate(element) {
                case .success(let value): values.append(value)
                case .failure(let failure): return .failure(failure)
                }
            }
            return .success(.array(values))
        case .identifier(let name):
            guard let value = bindings[name] else { return .failure(.error("undeclared reference to \"\(name)\"")) }
            return .success(value)
        case .select(let operand, let field):
            return evaluate(operand).flatMap { value in
                guard case .object(let members) = value else { return .failure(.error("\(value.kindName) has no field \"\(field)\"")) }
                guard let member = members[field] else { return .failure(.error("no such key: \(field)")) }
                return .success(member)
            }
        case .index(let operand, let index):
            return evaluate(operand).flatMap { container in evaluate(index).flatMap { element(of: container, at: $0) } }
        case .has(let operand, let field):
            return evaluate(operand).flatMap { value in
                guard case .object(let members) = value else { return .failure(.error("has() on \(value.kindName)")) }
                return .success(.bool(members[field] != nil))
            }
        case .size(let operand):
            return evaluate(operand).flatMap(size)
        case .not(let operand):
            return evaluate(operand).flatMap { value in
                guard case .bool(let bool) = value else { return .failure(.error("! on \(value.kindName)")) }
                return .success(.bool(!bool))
            }
        case .negate(let operand):
            return evaluate(operand).flatMap { value in
                switch value {
                case .int(let int) where int != .min: return .success(.int(-int))
                case .double(let double): return .success(.double(-double))
                default: return .failure(.error("- on \(value.kindName)"))
                }
            }
        case .binary(.and, let left, let right):
            return logical(left, right, absorbing: false)
        case .binary(.or, let left, let right):
            return logical(left, right, absorbing: true)
        case .binary(let relation, let left, let right):
            return evaluate(left).flatMap { lhs in evaluate(right).flatMap { rhs in compare(lhs, relation, rhs) } }
        }
    }

    /// `&&` (`absorbing` false) or `||` (true): the absorbing value on either side decides,
    /// whatever the other side is.
    private func logical(_ left: CELExpression, _ right: CELExpression, absorbing: Bool) -> Result<JSONValue, CELFailure> {
        let lhs = evaluate(left)
        if case .success(.bool(absorbing)) = lhs { return lhs }
        let rhs = evaluate(right)
        if case .success(.bool(absorbing)) = rhs { return rhs }
        for side in [lhs, rhs] {
            switch side {
            case .failure: return side
            case .success(.bool): continue
            case .success(let value): return .failure(.error("\(absorbing ? "||" : "&&") on \(value.kindName)"))
            }
        }
        return .success(.bool(!absorbing))
    }

    private func element(of container: JSONValue, at index: JSONValue) -> Result<JSONValue, CELFailure> {
        switch (container, index) {
        case (.object(let members), .string(let key)):
            guard let member = members[key] else { return .failure(.error("no such key: \(key)")) }
            return .success(member)
        case (.array(let elements), .int(let position)):
            guard position >= 0, position < elements.count else { return .failure(.error("index \(position) out of range")) }
            return .success(elements[Int(position)])
        default:
            return .failure(.error("cannot index \(container.kindName) with \(index.kindName)"))
        }
    }

    private func size(_ value: JSONValue) -> Result<JSONValue, CELFailure> {
        switch value {
        case .string(let string): return .success(.int(Int64(string.unicodeScalars.count)))
        case .array(let elements): return .success(.int(Int64(elements.count)))
        case .object(let members): return .success(.int(Int64(members.count)))
        default: return .failure(.error("size() of \(value.kindName)"))
        }
    }

    private func compare(_ lhs: JSONValue, _ relation: CELOperator, _ rhs: JSONValue) -> Result<JSONValue, CELFailure> {
        switch relation {
        case .equal: return .success(.bool(WireEquality.equal(lhs, rhs)))
        case .notEqual: return .success(.bool(!WireEquality.equal(lhs, rhs)))
        case .in:
            switch rhs {
            case .array(let elements): return .success(.bool(elements.contains { WireEquality.equal(lhs, $0) }))
            case .object(let members):
                guard case .string(let key) = lhs else { return .failure(.error("in on a map needs a string key")) }
                return .success(.bool(members[key] != nil))
            default: return .failure(.error("in on \(rhs.kindName)"))
            }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = WireEquality.order(lhs, rhs) else {
                return .failure(.error("cannot order \(lhs.kindName) and \(rhs.kindName)"))
            }
            switch relation {
            case .less: return .success(.bool(order < 0))
            case .lessOrEqual: return .success(.bool(order <= 0))
            case .greater: return .success(.bool(order > 0))
            default: return .success(.bool(order >= 0))
            }
        case .and, .or:
            return .failure(.unsupported("\(relation.rawValue) as a comparison"))
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
            if let a = integer(lhs), let b = integer(rhs) { return a == b }
            guard let a = number(lhs), let b = number(rhs) else { return false }
            return a == b
        }
    }

    /// Negative, zero or positive; `nil` when the values have no order.
    static func order(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)) where number(lhs) == nil || number(rhs) == nil:
            let (x, y) = (Array(a.unicodeScalars.map(\.value)), Array(b.unicodeScalars.map(\.value)))
            return x == y ? 0 : (x.lexicographicallyPrecedes(y) ? -1 : 1)
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
        switch value {
        case .int(let int): return Double(int)
        case .double(let double): return double
        case .string(let string): return Int64(string).map(Double.init)
        default: return nil
        }
    }

    /// The 32 lowercase hex digits of a UUID written with or without dashes.
    private static func uuid(_ text: String) -> String? {
        let digits = text.lowercased().filter { $0 != "-" }
        guard digits.count == 32, digits.allSatisfy(\.isHexDigit), text.count == 32 || text.count == 36 else { return nil }
        return digits
    }
}
