import Diagnostics

extension Parser {
    /// A value literal; `isConstant` rejects variables anywhere inside it.
    mutating func parseValue(isConstant: Bool) throws -> Value {
        let current = token
        switch current.kind {
        case .bracketLeft:
            let values = try nested { parser -> [Value] in
                try parser.advance()
                return try parser.enclosed(by: current, .bracketRight) { parser in
                    var values: [Value] = []
                    while try !parser.expectOptional(.bracketRight) {
                        values.append(try parser.parseValue(isConstant: isConstant))
                    }
                    return values
                }
            }
            return .list(ListValue(values: values, range: range(from: current.range.start)))
        case .braceLeft:
            let fields = try nested { parser -> [ObjectField] in
                try parser.advance()
                return try parser.enclosed(by: current, .braceRight) { parser in
                    var fields: [ObjectField] = []
                    while try !parser.expectOptional(.braceRight) {
                        let start = parser.token.range.start
                        let name = try parser.parseName()
                        try parser.expect(.colon)
                        let value = try parser.parseValue(isConstant: isConstant)
                        fields.append(ObjectField(name: name, value: value, range: parser.range(from: start)))
                    }
                    return fields
                }
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
