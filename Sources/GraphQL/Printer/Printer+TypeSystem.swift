extension Printer {
    public static func print(_ node: SchemaDefinition) -> String {
        printDescription(node.description)
            + join(["schema", join(node.directives.map(print), " "), block(node.operationTypes.map(print))], " ")
    }

    public static func print(_ node: OperationTypeDefinition) -> String {
        node.operation.rawValue + ": " + node.type.name.value
    }

    /// A type definition of any kind.
    public static func print(_ node: TypeDefinition) -> String {
        switch node {
        case .scalar(let type):
            printDescription(type.description) + join(["scalar", type.name.value, directives(type.directives)], " ")
        case .object(let type):
            printDescription(type.description)
                + join(["type", type.name.value, implements(type.interfaces), directives(type.directives),
                        block(type.fields.map(print))], " ")
        case .interface(let type):
            printDescription(type.description)
                + join(["interface", type.name.value, implements(type.interfaces), directives(type.directives),
                        block(type.fields.map(print))], " ")
        case .union(let type):
            printDescription(type.description)
                + join(["union", type.name.value, directives(type.directives), members(type.types)], " ")
        case .enumType(let type):
            printDescription(type.description)
                + join(["enum", type.name.value, directives(type.directives), block(type.values.map(print))], " ")
        case .inputObject(let type):
            printDescription(type.description)
                + join(["input", type.name.value, directives(type.directives), block(type.fields.map(print))], " ")
        }
    }

    public static func print(_ node: FieldDefinition) -> String {
        printDescription(node.description) + node.name.value + printList(node.arguments.map(print)) + ": "
            + node.type.description + wrap(" ", directives(node.directives))
    }

    public static func print(_ node: InputValueDefinition) -> String {
        printDescription(node.description)
            + join([node.name.value + ": " + node.type.description, wrap("= ", node.defaultValue.map(print) ?? ""),
                    directives(node.directives)], " ")
    }

    public static func print(_ node: EnumValueDefinition) -> String {
        printDescription(node.description) + join([node.name.value, directives(node.directives)], " ")
    }

    public static func print(_ node: DirectiveDefinition) -> String {
        printDescription(node.description) + "directive @" + node.name.value + printList(node.arguments.map(print))
            + (node.isRepeatable ? " repeatable" : "") + " on " + join(node.locations.map(\.value), " | ")
    }

    public static func print(_ node: SchemaExtension) -> String {
        join(["extend schema", directives(node.directives), block(node.operationTypes.map(print))], " ")
    }

    /// A type extension of any kind.
    public static func print(_ node: TypeExtension) -> String {
        switch node {
        case .scalar(let type):
            join(["extend scalar", type.name.value, directives(type.directives)], " ")
        case .object(let type):
            join(["extend type", type.name.value, implements(type.interfaces), directives(type.directives),
                  block(type.fields.map(print))], " ")
        case .interface(let type):
            join(["extend interface", type.name.value, implements(type.interfaces), directives(type.directives),
                  block(type.fields.map(print))], " ")
        case .union(let type):
            join(["extend union", type.name.value, directives(type.directives), members(type.types)], " ")
        case .enumType(let type):
            join(["extend enum", type.name.value, directives(type.directives), block(type.values.map(print))], " ")
        case .inputObject(let type):
            join(["extend input", type.name.value, directives(type.directives), block(type.fields.map(print))], " ")
        }
    }

    private static func directives(_ directives: [Directive]) -> String {
        join(directives.map(print), " ")
    }

    private static func implements(_ interfaces: [NamedType]) -> String {
        wrap("implements ", join(interfaces.map(\.name.value), " & "))
    }

    private static func members(_ types: [NamedType]) -> String {
        wrap("= ", join(types.map(\.name.value), " | "))
    }
}
