import Diagnostics

extension Parser {
    /// `schema @dir { query: Query ... }` from `start`; an extension may leave out the operation types.
    mutating func parseSchemaDefinition(
        from start: SourceLocation, description: Description?, isExtension: Bool
    ) throws -> SchemaDefinition {
        try expectKeyword("schema")
        let directives = try parseDirectives(isConstant: true)
        let operationTypes = try isExtension
            ? optionalMany(.braceLeft, .braceRight) { try $0.parseOperationTypeDefinition() }
            : many(.braceLeft, .braceRight) { try $0.parseOperationTypeDefinition() }
        if isExtension, directives.isEmpty, operationTypes.isEmpty { throw unexpected() }
        return SchemaDefinition(description: description, directives: directives, operationTypes: operationTypes, range: range(from: start))
    }

    /// `extend schema|scalar|type|interface|union|enum|input ...`. An extension must add something.
    mutating func parseTypeSystemExtension() throws -> Definition {
        let start = token.range.start
        try expectKeyword("extend")
        let keyword = token.kind == .name ? lexer.text(of: token) : ""
        if keyword == "schema" { return .schemaExtension(try parseSchemaDefinition(from: start, description: nil, isExtension: true)) }
        guard let kind = TypeDefinition.Kind(rawValue: keyword) else { throw unexpected() }
        let node = try parseTypeDefinition(kind, from: start, description: nil)
        if node.interfaces.isEmpty, node.directives.isEmpty, node.fields.isEmpty, node.types.isEmpty, node.values.isEmpty,
           node.inputFields.isEmpty {
            throw unexpected()
        }
        return .typeExtension(node)
    }

    mutating func parseOperationTypeDefinition() throws -> OperationTypeDefinition {
        let start = token.range.start
        let operation = try parseOperationType()
        try expect(.colon)
        let type = try parseNamedType()
        return OperationTypeDefinition(operation: operation, type: type, range: range(from: start))
    }

    /// `scalar|type|interface|union|enum|input Name ...` from `start`; the current token is the keyword.
    mutating func parseTypeDefinition(
        _ kind: TypeDefinition.Kind, from start: SourceLocation, description: Description?
    ) throws -> TypeDefinition {
        try advance()
        var node = TypeDefinition(kind: kind, description: description, name: try parseName())
        if kind == .object || kind == .interface { node.interfaces = try parseImplementsInterfaces() }
        node.directives = try parseDirectives(isConstant: true)
        switch kind {
        case .object, .interface: node.fields = try optionalMany(.braceLeft, .braceRight) { try $0.parseFieldDefinition() }
        case .union: node.types = try parseUnionMemberTypes()
        case .enumType: node.values = try parseEnumValuesDefinition()
        case .inputObject: node.inputFields = try optionalMany(.braceLeft, .braceRight) { try $0.parseInputValueDefinition() }
        case .scalar: break
        }
        node.range = range(from: start)
        return node
    }

    /// `implements A & B`, with an optional leading `&`.
    mutating func parseImplementsInterfaces() throws -> [NamedType] {
        guard try expectOptionalKeyword("implements") else { return [] }
        return try delimitedMany(.ampersand) { try $0.parseNamedType() }
    }

    mutating func parseFieldDefinition() throws -> FieldDefinition {
        let start = token.range.start
        let description = try parseDescription()
        let name = try parseName()
        let arguments = try parseArgumentDefinitions()
        try expect(.colon)
        let type = try parseTypeReference()
        let directives = try parseDirectives(isConstant: true)
        return FieldDefinition(
            description: description, name: name, arguments: arguments, type: type, directives: directives,
            range: range(from: start))
    }

    mutating func parseArgumentDefinitions() throws -> [InputValueDefinition] {
        try optionalMany(.parenLeft, .parenRight) { try $0.parseInputValueDefinition() }
    }

    mutating func parseInputValueDefinition() throws -> InputValueDefinition {
        let start = token.range.start
        let description = try parseDescription()
        let name = try parseName()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValue(isConstant: true) : nil
        let directives = try parseDirectives(isConstant: true)
        return InputValueDefinition(
            description: description, name: name, type: type, defaultValue: defaultValue, directives: directives,
            range: range(from: start))
    }

    /// `= A | B`, with an optional leading `|`.
    mutating func parseUnionMemberTypes() throws -> [NamedType] {
        guard try expectOptional(.equals) else { return [] }
        return try delimitedMany(.pipe) { try $0.parseNamedType() }
    }

    mutating func parseEnumValuesDefinition() throws -> [EnumValueDefinition] {
        try optionalMany(.braceLeft, .braceRight) { parser in
            let start = parser.token.range.start
            let description = try parser.parseDescription()
            if parser.isKeyword(parser.token, "true") || parser.isKeyword(parser.token, "false")
                || parser.isKeyword(parser.token, "null") {
                let reserved = parser.lexer.text(of: parser.token)
                throw parser.error("Name \"\(reserved)\" is reserved and cannot be used for an enum value.", at: parser.token)
            }
            let name = try parser.parseName()
            let directives = try parser.parseDirectives(isConstant: true)
            return EnumValueDefinition(description: description, name: name, directives: directives, range: parser.range(from: start))
        }
    }

    mutating func parseDirectiveDefinition() throws -> DirectiveDefinition {
        let start = token.range.start
        let description = try parseDescription()
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArgumentDefinitions()
        let isRepeatable = try expectOptionalKeyword("repeatable")
        try expectKeyword("on")
        let locations = try delimitedMany(.pipe) { parser in
            let locationToken = parser.token
            let location = try parser.parseName()
            guard DirectiveLocation(rawValue: location.value) != nil else { throw parser.unexpected(locationToken) }
            return location
        }
        return DirectiveDefinition(
            description: description, name: name, arguments: arguments, isRepeatable: isRepeatable,
            locations: locations, range: range(from: start))
    }
}
