/// Parses the CEL subset of refresh conditions: literals, lists, `.field`, `[index]`, `== != < <= > >=`, `&& || !`, `in`,
/// `has()` and `size()`. Everything else is `unsupported`.
struct CELParser {
    /// Deep enough for any hand-written condition; deeper input fails instead of exhausting the stack.
    static let maximumDepth = 64

    private let tokens: [CELLexer.Token]
    private var position = 0
    private var depth = 0

    static func parse(_ text: String) -> Result<CELExpression, CELFailure> {
        Result {
            var parser = CELParser(tokens: try CELLexer.tokens(text))
            let expression = try parser.orExpression()
            guard parser.position == parser.tokens.count else { throw CELFailure.unsupported("unexpected \(parser.describeNext())") }
            return expression
        }.mapError { $0 as? CELFailure ?? .unsupported("\($0)") }
    }

    private mutating func orExpression() throws -> CELExpression {
        try nested {
            var left = try $0.andExpression()
            while $0.take("||") { left = .binary(.or, left, try $0.andExpression()) }
            return left
        }
    }

    private mutating func andExpression() throws -> CELExpression {
        var left = try relation()
        while take("&&") { left = .binary(.and, left, try relation()) }
        return left
    }

    private mutating func relation() throws -> CELExpression {
        var left = try unary()
        while let next = peek {
            let relational: CELOperator?
            switch next {
            case .identifier("in"): relational = .in
            case .symbol(let symbol): relational = CELOperator(rawValue: symbol).flatMap { [.and, .or].contains($0) ? nil : $0 }
            default: relational = nil
            }
            guard let relational else { break }
            position += 1
            left = .binary(relational, left, try unary())
        }
        return left
    }

    private mutating func unary() throws -> CELExpression {
        try nested {
            if $0.take("!") { return .not(try $0.unary()) }
            if $0.take("-") { return .negate(try $0.unary()) }
            return try $0.member()
        }
    }

    private mutating func member() throws -> CELExpression {
        var operand = try primary()
        while true {
            if take(".") {
                guard case .identifier(let name)? = peek else { throw CELFailure.unsupported("expected a field name after \".\"") }
                position += 1
                if take("(") {
                    guard name == "size", take(")") else { throw CELFailure.unsupported("method \(name)()") }
                    operand = .size(operand)
                } else {
                    operand = .select(operand, name)
                }
            } else if take("[") {
                let index = try orExpression()
                try expect("]")
                operand = .index(operand, index)
            } else {
                return operand
            }
        }
    }

    private mutating func primary() throws -> CELExpression {
        guard let token = peek else { throw CELFailure.unsupported("the condition ends early") }
        position += 1
        switch token {
        case .literal(let value): return .literal(value)
        case .identifier("true"): return .literal(.bool(true))
        case .identifier("false"): return .literal(.bool(false))
        case .identifier("null"): return .literal(.null)
        case .identifier(let name):
            guard take("(") else { return .identifier(name) }
            return try call(name)
        case .symbol("("):
            let inner = try orExpression()
            try expect(")")
            return inner
        case .symbol("["):
            var elements: [CELExpression] = []
            if !take("]") {
                repeat { elements.append(try orExpression()) } while take(",")
                try expect("]")
            }
            return .list(elements)
        case .symbol(let symbol):
            throw CELFailure.unsupported("unexpected \"\(symbol)\"")
        }
    }

    private mutating func call(_ name: String) throws -> CELExpression {
        let argument = try orExpression()
        try expect(")")
        switch (name, argument) {
        case ("has", .select(let operand, let field)): return .has(operand, field)
        case ("size", _): return .size(argument)
        default: throw CELFailure.unsupported("function \(name)()")
        }
    }

    private mutating func nested(_ body: (inout CELParser) throws -> CELExpression) throws -> CELExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw CELFailure.unsupported("the condition nests too deeply") }
        return try body(&self)
    }

    private var peek: CELLexer.Token? {
        position < tokens.count ? tokens[position] : nil
    }

    private mutating func take(_ symbol: String) -> Bool {
        guard peek == .symbol(symbol) else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ symbol: String) throws {
        guard take(symbol) else { throw CELFailure.unsupported("expected \"\(symbol)\", found \(describeNext())") }
    }

    private func describeNext() -> String {
        guard let token = peek else { return "the end" }
        switch token {
        case .identifier(let text), .symbol(let text): return "\"\(text)\""
        case .literal(.string): return "a string"
        case .literal: return "a number"
        }
    }
}
