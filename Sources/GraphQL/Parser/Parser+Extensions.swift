import Diagnostics

extension Parser {
    /// `extend schema|scalar|type|interface|union|enum|input ...`. An extension must add something.
    mutating func parseTypeSystemExtension() throws -> Definition {
        let keywordToken = try lookahead()
        if keywordToken.kind == .name {
            switch lexer.text(of: keywordToken) {
            case "schema": return .schemaExtension(try parseSchemaExtension())
            case "scalar": return .typeExtension(.scalar(try parseScalarTypeExtension()))
            case "type": return .typeExtension(.object(try parseObjectTypeExtension()))
            case "interface": return .typeExtension(.interface(try parseInterfaceTypeExtension()))
            case "union": return .typeExtension(.union(try parseUnionTypeExtension()))
            case "enum": return .typeExtension(.enumType(try parseEnumTypeExtension()))
            case "input": return .typeExtension(.inputObject(try parseInputObjectTypeExtension()))
            default: break
            }
        }
        throw unexpected(keywordToken)
    }

    private mutating func parseSchemaExtension() throws -> SchemaExtension {
        let start = token.range.start
        try expectKeyword("extend")
        try expectKeyword("schema")
        let directives = try parseDirectives(isConstant: true)
        let operationTypes = try optionalMany(.braceLeft, .braceRight) { try $0.parseOperationTypeDefinition() }
        if directives.isEmpty, operationTypes.isEmpty { throw unexpected() }
        return SchemaExtension(directives: directives, operationTypes: operationTypes, range: range(from: start))
    }

    private mutating func parseScalarTypeExtension() throws -> ScalarTypeExtension {
        let start = token.range.start
        try expectKeyword("extend")
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(isConstant: true)
        if directives.isEmpty { throw unexpected() }
        return ScalarTypeExtension(name: name, directives: directives, range: range(from: start))
    }

    private mutating func parseObjectTypeExtension() throws -> ObjectTypeExtension {
        let start = token.range.start
        try expectKeyword("extend")
        try expectKeyword("type")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConstant: true)
        let fields = try parseFieldsDefinition()
        if interfaces.isEmpty, directives.isEmpty, fields.isEmpty { throw unexpected() }
        return ObjectTypeExtension(
            name: name, interfaces: interfaces, directives: directives, fields: fields, range: range(from: start))
    }

    private mutating func parseInterfaceTypeExtension() throws -> InterfaceTypeExtension {
        let start = token.range.start
        try expectKeyword("extend")
        try expectKeyword("interface")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConstant: true)
        let fields = try parseFieldsDefinition()
        if interfaces.isEmpty, directives.isEmpty, fields.isEmpty { throw unexpected() }
        return InterfaceTypeExtension(
            name: name, interfaces: interfaces, directives: directives, fields: fields, range: range(from: start))
    }

    private mutating func parseUnionTypeExtension() throws -> UnionTypeExtension {
        let start = token.range.start
        try expectKeyword("extend")
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(isConstant: true)
        let types = try parseUnionMemberTypes()
        if directives.isEmpty, types.isEmpty { throw unexpected() }
        return UnionTypeExtension(name: name, directives: directives, types: types, range: range(from: start))
    }

    private mutating func parseEnumTypeExtension() throws -> EnumTypeExtension {
        let start = token.range.start
        try expectKeyword("extend")
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(isConstant: true)
        let values = try parseEnumValuesDefinition()
        if directives.isEmpty, values.isEmpty { throw unexpected() }
        return EnumTypeExtension(name: name, directives: directives, values: values, range: range(from: start))
    }

    private mutating func parseInputObjectTypeExtension() throws -> InputObjectTypeExtension {
        let start = token.range.start
        try expectKeyword("extend")
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(isConstant: true)
        let fields = try parseInputFieldsDefinition()
        if directives.isEmpty, fields.isEmpty { throw unexpected() }
        return InputObjectTypeExtension(name: name, directives: directives, fields: fields, range: range(from: start))
    }
}
