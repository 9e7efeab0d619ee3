import Diagnostics

extension Parser {
    mutating func parseSchemaDefinition() throws -> SchemaDefinition {
        let start = token.range.start
        let description = try parseDescription()
        try expectKeyword("schema")
        let directives = try parseDirectives(isConstant: true)
        let operationTypes = try many(.braceLeft, .braceRight) { try $0.parseOperationTypeDefinition() }
        return SchemaDefinition(
            description: description, directives: directives, operationTypes: operationTypes, range: range(from: start))
    }

    mutating func parseOperationTypeDefinition() throws -> OperationTypeDefinition {
        let start = token.range.start
        let operation = try parseOperationType()
        try expect(.colon)
        let type = try parseNamedType()
        return OperationTypeDefinition(operation: operation, type: type, range: range(from: start))
    }

    /// `scalar|type|interface|union|enum|input Name ...` after an optional description; the caller
    /// has read `keyword` ahead.
    mutating func parseTypeDefinition(_ keyword: String) throws -> TypeDefinition {
        let start = token.range.start
        let description = try parseDescription()
        try advance()
        let name = try parseName()
        let interfaces = try keyword == "type" || keyword == "interface" ? parseImplementsInterfaces() : []
        let directives = try parseDirectives(isConstant: true)
        switch keyword {
        case "type", "interface":
            let fields = try parseFieldsDefinition()
            let range = range(from: start)
            if keyword == "type" {
                return .object(ObjectTypeDefinition(
                    description: description, name: name, interfaces: interfaces, directives: directives, fields: fields, range: range))
            }
            return .interface(InterfaceTypeDefinition(
                description: description, name: name, interfaces: interfaces, directives: directives, fields: fields, range: range))
        case "union":
            let types = try parseUnionMemberTypes()
            return .union(UnionTypeDefinition(
                description: description, name: name, directives: directives, types: types, range: range(from: start)))
        case "enum":
            let values = try parseEnumValuesDefinition()
            return .enumType(EnumTypeDefinition(
                description: description, name: name, directives: directives, values: values, range: range(from: start)))
        case "input":
            let fields = try parseInputFieldsDefinition()
            return .inputObject(InputObjectTypeDefinition(
                description: description, name: name, directives: directives, fields: fields, range: range(from: start)))
        default:
            return .scalar(ScalarTypeDefinition(description: description, name: name, directives: directives, range: range(from: start)))
        }
    }

    /// `implements A & B`, with an optional leading `&`.
    mutating func parseImplementsInterfaces() throws -> [NamedType] {
        guard try expectOptionalKeyword("implements") else { return [] }
        return try delimitedMany(.ampersand) { try $0.parseNamedType() }
    }

    mutating func parseFieldsDefinition() throws -> [FieldDefinition] {
        try optionalMany(.braceLeft, .braceRight) { try $0.parseFieldDefinition() }
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

    mutating func parseInputFieldsDefinition() throws -> [InputValueDefinition] {
        try optionalMany(.braceLeft, .braceRight) { try $0.parseInputValueDefinition() }
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
