import Diagnostics

extension Parser {
    /// A value literal; `isConstant` rejects variables anywhere inside it.
    mutating func parseValue(isConstant: Bool) throws -> Value {
        let current = token
        switch current.kind {
        case .bracketLeft:
            let values = try nestedList(closedBy: .bracketRight) { try $0.parseValue(isConstant: isConstant) }
            return .list(ListValue(values: values, range: range(from: current.range.start)))
        case .braceLeft:
            let fields = try nestedList(closedBy: .braceRight) { parser in
                let start = parser.token.range.start
                let name = try parser.parseName()
                try parser.expect(.colon)
                let value = try parser.parseValue(isConstant: isConstant)
                return ObjectField(name: name, value: value, range: parser.range(from: start))
            }
            return .object(ObjectValue(fields: fields, range: range(from: current.range.start)))
        case .int:
            try advance()
            return .int(IntValue(text: lexer.text(of: current), range: current.range))
        case .float:
            try advance()
            return .float(FloatValue(text: lexer.text(of: current), range: current.range))
        case .string, .blockString:
            try advance()
            let value = lexer.value(of: current) ?? ""
            return .string(StringValue(value, isBlockString: current.kind == .blockString, range: current.range))
        case .name:
            try advance()
            if isKeyword(current, "true") { return .boolean(BooleanValue(value: true, range: current.range)) }
            if isKeyword(current, "false") { return .boolean(BooleanValue(value: false, range: current.range)) }
            if isKeyword(current, "null") { return .null(NullValue(range: current.range)) }
            return .enumValue(EnumValue(value: lexer.text(of: current), range: current.range))
        case .dollar:
            if isConstant {
                try advance()
                guard peek(.name) else { throw unexpected(current) }
                let name = lexer.text(of: token)
                throw Lexer.syntaxError(
                    "Unexpected variable \"$\(name)\" in constant value.", in: lexer.source,
                    at: SourceRange(start: current.range.start, end: token.range.end))
            }
            return .variable(try parseVariable())
        default:
            throw unexpected()
        }
    }

    /// `open item* close` one nesting level deeper; the current token is `open`.
    private mutating func nestedList<Item>(closedBy close: TokenKind, _ item: (inout Parser) throws -> Item) throws -> [Item] {
        let opening = token
        return try nested { parser in
            try parser.advance()
            return try parser.enclosed(by: opening, close) { parser in
                var items: [Item] = []
                while try !parser.expectOptional(close) { items.append(try item(&parser)) }
                return items
            }
        }
    }

    /// `$name`.
    mutating func parseVariable() throws -> Variable {
        let start = token.range.start
        try expect(.dollar)
        let name = try parseName()
        return Variable(name: name, range: range(from: start))
    }

    /// `Name`, `[Type]` or `Type!`.
    mutating func parseTypeReference() throws -> TypeReference {
        let start = token.range.start
        var type: TypeReference
        if peek(.bracketLeft) {
            let inner = try nested { parser -> TypeReference in
                try parser.advance()
                let inner = try parser.parseTypeReference()
                try parser.expect(.bracketRight)
                return inner
            }
            type = .list(inner, range: range(from: start))
        } else {
            type = .named(try parseNamedType())
        }
        if try expectOptional(.bang) {
            type = .nonNull(type, range: range(from: start))
        }
        return type
    }
}
