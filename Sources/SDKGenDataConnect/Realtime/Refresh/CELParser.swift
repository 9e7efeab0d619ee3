/// Parses the CEL subset of refresh conditions, reading characters directly: literals, lists, `.field`, `[index]`,
/// `== != < <= > >=`, `&& || !`, `in`, `has()` and `size()`. Everything else is `unsupported`.
struct CELParser {
    /// Deep enough for any hand-written condition; deeper input fails instead of exhausting the stack.
    static let maximumDepth = 64
    /// Two-character symbols before their one-character prefixes.
    private static let relations = ["==", "!=", "<=", ">=", "<", ">"]
    private static let keywords: [String: JSONValue] = ["true": .bool(true), "false": .bool(false), "null": .null]
    /// What follows a backslash in a string, and the character it stands for.
    private static let escapes: [Character: Character] = [
        "\\": "\\", "'": "'", "\"": "\"", "`": "`", "?": "?", "n": "\n", "t": "\t", "r": "\r",
    ]

    private let characters: [Character]
    private var position = 0
    private var depth = 0

    static func parse(_ text: String) -> Result<CELExpression, CELFailure> {
        Result {
            var parser = CELParser(characters: Array(text))
            let expression = try parser.orExpression()
            parser.skipWhitespace()
            guard parser.position == parser.characters.count else { throw CELFailure.unsupported("unexpected \(parser.describeNext())") }
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
        while let relational = try relationalOperator() { left = .binary(relational, left, try unary()) }
        return left
    }

    /// Consumes `in` or a comparison when one comes next.
    private mutating func relationalOperator() throws -> CELOperator? {
        let start = position
        if try identifier() == "in" { return .in }
        position = start
        return Self.relations.first { take($0) }.flatMap(CELOperator.init(rawValue:))
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
                guard let name = try identifier() else { throw CELFailure.unsupported("expected a field name after \".\"") }
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
        skipWhitespace()
        guard position < characters.count else { throw CELFailure.unsupported("the condition ends early") }
        let character = characters[position]
        if character.isASCIIDigit { return .literal(try number()) }
        if character == "'" || character == "\"" { return .literal(.string(try string())) }
        if let name = try identifier() {
            if let value = Self.keywords[name] { return .literal(value) }
            return take("(") ? try call(name) : .identifier(name)
        }
        if take("(") {
            let inner = try orExpression()
            try expect(")")
            return inner
        }
        if take("[") {
            var elements: [CELExpression] = []
            if !take("]") {
                repeat { elements.append(try orExpression()) } while take(",")
                try expect("]")
            }
            return .list(elements)
        }
        throw CELFailure.unsupported("unexpected \(describeNext())")
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

    // MARK: Characters

    /// The identifier (or keyword) starting at the next non-space character; `nil`, consuming nothing, if none does.
    private mutating func identifier() throws -> String? {
        skipWhitespace()
        guard position < characters.count, characters[position] == "_" || characters[position].isASCIILetter else { return nil }
        let end = characters[position...].firstIndex { !($0 == "_" || $0.isASCIILetter || $0.isASCIIDigit) } ?? characters.count
        let word = String(characters[position..<end])
        // CEL's string prefixes (raw, bytes) are outside the subset.
        if end < characters.count, characters[end] == "'" || characters[end] == "\"" {
            throw CELFailure.unsupported("string prefix \(word)")
        }
        position = end
        return word
    }

    private mutating func number() throws -> JSONValue {
        let start = position
        var isDouble = false
        while position < characters.count {
            let character = characters[position]
            if character == ".", position + 1 < characters.count, characters[position + 1].isASCIIDigit, !isDouble {
                isDouble = true
            } else if character == "e" || character == "E" {
                isDouble = true
                if position + 1 < characters.count, characters[position + 1] == "+" || characters[position + 1] == "-" { position += 1 }
            } else if !character.isASCIIDigit {
                break
            }
            position += 1
        }
        if position < characters.count, characters[position].isASCIILetter {
            throw CELFailure.unsupported("number suffix or hexadecimal number")
        }
        let text = String(characters[start..<position])
        if !isDouble, let value = Int64(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { throw CELFailure.unsupported("number \(text)") }
        return .double(value)
    }

    private mutating func string() throws -> String {
        let quote = characters[position]
        if characters[position...].starts(with: [quote, quote, quote]) { throw CELFailure.unsupported("triple-quoted string") }
        var value = ""
        position += 1
        while position < characters.count, characters[position] != "\n" {
            let character = characters[position]
            position += 1
            if character == quote { return value }
            if character != "\\" {
                value.append(character)
            } else if position < characters.count, let escaped = Self.escapes[characters[position]] {
                value.append(escaped)
                position += 1
            } else {
                throw CELFailure.unsupported(position < characters.count ? "escape \\\(characters[position])" : "unterminated string")
            }
        }
        throw CELFailure.unsupported("unterminated string")
    }

    private mutating func skipWhitespace() {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
    }

    /// Consumes `symbol` when it comes next.
    private mutating func take(_ symbol: String) -> Bool {
        skipWhitespace()
        guard characters[position...].starts(with: symbol) else { return false }
        position += symbol.count
        return true
    }

    private mutating func expect(_ symbol: String) throws {
        guard take(symbol) else { throw CELFailure.unsupported("expected \"\(symbol)\", found \(describeNext())") }
    }

    private mutating func describeNext() -> String {
        skipWhitespace()
        return position < characters.count ? "\"\(characters[position])\"" : "the end"
    }
}

private extension Character {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
