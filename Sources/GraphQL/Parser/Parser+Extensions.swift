import Diagnostics

extension Parser {
    /// `extend schema|scalar|type|interface|union|enum|input ...`. An extension must add something.
    mutating func parseTypeSystemExtension() throws -> Definition {
        let start = token.range.start
        try expectKeyword("extend")
        let keywordToken = token
        let keyword = keywordToken.kind == .name ? lexer.text(of: keywordToken) : ""
        guard ["schema", "scalar", "type", "interface", "union", "enum", "input"].contains(keyword) else {
            throw unexpected(keywordToken)
        }
        try advance()
        if keyword == "schema" {
            let directives = try parseDirectives(isConstant: true)
            let operationTypes = try optionalMany(.braceLeft, .braceRight) { try $0.parseOperationTypeDefinition() }
            if directives.isEmpty, operationTypes.isEmpty { throw unexpected() }
            return .schemaExtension(SchemaExtension(directives: directives, operationTypes: operationTypes, range: range(from: start)))
        }
        let name = try parseName()
        let interfaces = try keyword == "type" || keyword == "interface" ? parseImplementsInterfaces() : []
        let directives = try parseDirectives(isConstant: true)
        switch keyword {
        case "type", "interface":
            let fields = try parseFieldsDefinition()
            if interfaces.isEmpty, directives.isEmpty, fields.isEmpty { throw unexpected() }
            let range = range(from: start)
            if keyword == "type" {
                return .typeExtension(.object(ObjectTypeExtension(
                    name: name, interfaces: interfaces, directives: directives, fields: fields, range: range)))
            }
            return .typeExtension(.interface(InterfaceTypeExtension(
                name: name, interfaces: interfaces, directives: directives, fields: fields, range: range)))
        case "union":
            let types = try parseUnionMemberTypes()
            if directives.isEmpty, types.isEmpty { throw unexpected() }
            return .typeExtension(.union(UnionTypeExtension(name: name, directives: directives, types: types, range: range(from: start))))
        case "enum":
            let values = try parseEnumValuesDefinition()
            if directives.isEmpty, values.isEmpty { throw unexpected() }
            return .typeExtension(.enumType(EnumTypeExtension(
                name: name, directives: directives, values: values, range: range(from: start))))
        case "input":
            let fields = try parseInputFieldsDefinition()
            if directives.isEmpty, fields.isEmpty { throw unexpected() }
            return .typeExtension(.inputObject(InputObjectTypeExtension(
                name: name, directives: directives, fields: fields, range: range(from: start))))
        default:
            if directives.isEmpty { throw unexpected() }
            return .typeExtension(.scalar(ScalarTypeExtension(name: name, directives: directives, range: range(from: start))))
        }
    }
}
