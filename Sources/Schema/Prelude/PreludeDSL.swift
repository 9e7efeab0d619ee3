import GraphQL

/// Shorthands for writing the prelude as model values.
enum PreludeDSL {
    /// The type written in SDL notation (`[String!]`); the prelude test reports a malformed one as an unknown type.
    static func type(_ text: String) -> TypeRef {
        if text.hasSuffix("!") { return .nonNull(type(String(text.dropLast()))) }
        if text.hasPrefix("[") { return .list(type(String(text.dropFirst().dropLast()))) }
        return .named(text)
    }

    static func arg(
        _ name: String, _ typeText: String, default value: ConstValue? = nil, _ description: String? = nil,
        _ directives: [DirectiveUse] = []
    ) -> SchemaInputValue {
        SchemaInputValue(name: name, type: type(typeText), defaultValue: value, description: description, directives: directives)
    }

    static func field(
        _ name: String, _ typeText: String, _ arguments: [SchemaInputValue] = [], _ description: String? = nil
    ) -> SchemaField {
        SchemaField(name: name, type: type(typeText), arguments: arguments, description: description)
    }

    static func oneOf(group: String? = nil, required: Bool = false) -> DirectiveUse {
        var arguments: [ConstValue.ObjectField] = []
        if let group { arguments.append(.init(name: "group", value: .string(group))) }
        if required { arguments.append(.init(name: "required", value: true)) }
        return DirectiveUse(BuiltinName.oneOf, arguments)
    }

    static let forbiddenAsVariableType = DirectiveUse(BuiltinName.forbiddenAsVariableType)
    static let forbiddenAsFieldType = DirectiveUse(BuiltinName.forbiddenAsFieldType)
    static let forbiddenInVariables = DirectiveUse(BuiltinName.forbiddenInVariables)
    static let forbiddenBoth = [forbiddenAsVariableType, forbiddenAsFieldType]

    static func specifiedBy(_ url: String) -> DirectiveUse {
        DirectiveUse("specifiedBy", [.init(name: "url", value: .string(url))])
    }

    static func scalar(_ name: String, _ description: String?, _ directives: [DirectiveUse] = []) -> SchemaType {
        SchemaType(kind: .scalar, name: name, description: description, directives: directives)
    }

    static func enumType(_ name: String, _ description: String?, _ values: [String], _ directives: [DirectiveUse]) -> SchemaType {
        SchemaType(kind: .enumType, name: name, description: description, directives: directives,
                   enumValues: values.map { SchemaEnumValue(name: $0) })
    }

    static func input(
        _ name: String, _ description: String?, _ fields: [SchemaInputValue], _ directives: [DirectiveUse] = []
    ) -> SchemaType {
        SchemaType(kind: .inputObject, name: name, description: description, directives: directives, inputFields: fields)
    }

    static func object(_ name: String, _ description: String?, _ fields: [SchemaField]) -> SchemaType {
        SchemaType(kind: .object, name: name, description: description, fields: fields)
    }

    static func directive(
        _ name: String, _ description: String, _ arguments: [SchemaInputValue] = [], repeatable: Bool = false,
        on locations: [DirectiveLocation]
    ) -> SchemaDirective {
        SchemaDirective(name: name, description: description, arguments: arguments, isRepeatable: repeatable, locations: locations, origin: .builtin)
    }
}
