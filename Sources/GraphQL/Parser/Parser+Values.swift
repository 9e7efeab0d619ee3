import Diagnostics

extension Parser {
    /// A value literal; `isConstant` rejects variables anywhere inside it.
    mutating func parseValue(isConstant: Bool) throws -> Value {
        let current = token
        switch current.kind {
        case .bracketLeft:
            try advance()
            var values: [Value] = []
            while try !expectOptional(.bracketRight) {
                values.append(try parseValue(isConstant: isConstant))
            }
            return .list(ListValue(values, range: range(from: current.range.start)))
        case .braceLeft:
            try advance()
            var fields: [ObjectField] = []
            while try !expectOptional(.braceRight) {
                let start = token.range.start
                let name = try parseName()
                try expect(.colon)
                let value = try parseValue(isConstant: isConstant)
                fields.append(ObjectField(name: name, value: value, range: range(from: start)))
            }
            return .object(ObjectValue(fields, range: range(from: current.range.start)))
        case .int:
            try advance()
            return .int(IntValue(lexer.text(of: current), range: current.range))
        case .float:
            try advance()
            return .float(FloatValue(lexer.text(of: current), range: current.range))
        case .string, .blockString:
            try advance()
            let value = lexer.value(of: current) ?? ""
            return .string(StringValue(value, isBlockString: current.kind == .blockString, range: current.range))
        case .name:
            try advance()
            if isKeyword(current, "true") { return .boolean(BooleanValue(true, range: current.range)) }
            if isKeyword(current, "false") { return .boolean(BooleanValue(false, range: current.range)) }
            if isKeyword(current, "null") { return .null(NullValue(range: current.range)) }
            return .enumValue(EnumValue(lexer.text(of: current), range: current.range))
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
        if try expectOptional(.bracketLeft) {
            let inner = try parseTypeReference()
            try expect(.bracketRight)
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
