import Diagnostics
import GraphQL

/// Builds a schema model from arbitrary SDL documents (type definitions, extensions, directives),
/// e.g. the emulator's `.dataconnect/schema` output or sdkgen's own rendering of it.
public enum SDLSchemaLoader {
    /// Adds every definition of `documents` to `schema`. Executable definitions are ignored;
    /// duplicates and extensions of unknown types are reported and skipped.
    public static func load(_ documents: [Document], into schema: inout Schema) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var extensions: [(TypeExtension, SourceFile)] = []
        for document in documents {
            let file = document.source
            for definition in document.definitions {
                switch definition {
                case .type(let node):
                    var type = ASTConversion.emptyType(node, in: file)
                    addMembers(of: node, to: &type, file: file, diagnostics: &diagnostics)
                    if !schema.add(type.build()) {
                        diagnostics.append(.error(.schemaDuplicateDefinition, "Type \"\(type.name)\" is defined more than once.", in: file, at: node.name.range))
                    }
                case .directive(let node):
                    if !schema.add(ASTConversion.directiveDefinition(node, in: file)) {
                        diagnostics.append(.error(.schemaDuplicateDefinition, "Directive \"@\(node.name.value)\" is defined more than once.", in: file, at: node.name.range))
                    }
                case .typeExtension(let node):
                    extensions.append((node, file))
                case .operation, .fragment, .schema, .schemaExtension:
                    continue
                }
            }
        }
        // Extensions may precede their type (files are unordered), so they are applied last.
        for (node, file) in extensions {
            let found = schema.modifyType(node.name.value) { type in
                extend(&type, with: node, file: file, diagnostics: &diagnostics)
            }
            if !found {
                diagnostics.append(.error(.schemaUnsupportedExtension, "Cannot extend unknown type \"\(node.name.value)\".", in: file, at: node.name.range))
            }
        }
        return diagnostics
    }

    private static func addMembers(of node: GraphQL.TypeDefinition, to type: inout SchemaType.Builder, file: SourceFile,
                                   diagnostics: inout [Diagnostic]) {
        switch node {
        case .object(let object): addFields(object.fields, to: &type, file: file, diagnostics: &diagnostics)
        case .interface(let interface): addFields(interface.fields, to: &type, file: file, diagnostics: &diagnostics)
        case .inputObject(let input): addInputFields(input.fields, to: &type, file: file, diagnostics: &diagnostics)
        case .enumType(let enumType): addValues(enumType.values, to: &type, file: file, diagnostics: &diagnostics)
        case .scalar, .union: break
        }
    }

    private static func extend(_ type: inout SchemaType.Builder, with node: TypeExtension, file: SourceFile, diagnostics: inout [Diagnostic]) {
        switch node {
        case .object(let object):
            type.directives += ASTConversion.directives(object.directives, in: file)
            type.interfaces += object.interfaces.map(\.name.value)
            addFields(object.fields, to: &type, file: file, diagnostics: &diagnostics)
        case .interface(let interface):
            type.directives += ASTConversion.directives(interface.directives, in: file)
            addFields(interface.fields, to: &type, file: file, diagnostics: &diagnostics)
        case .inputObject(let input):
            type.directives += ASTConversion.directives(input.directives, in: file)
            addInputFields(input.fields, to: &type, file: file, diagnostics: &diagnostics)
        case .enumType(let enumType):
            type.directives += ASTConversion.directives(enumType.directives, in: file)
            addValues(enumType.values, to: &type, file: file, diagnostics: &diagnostics)
        case .union(let union):
            type.directives += ASTConversion.directives(union.directives, in: file)
            type.possibleTypes += union.types.map(\.name.value)
        case .scalar(let scalar):
            type.directives += ASTConversion.directives(scalar.directives, in: file)
        }
    }

    private static func addFields(_ fields: [GraphQL.FieldDefinition], to type: inout SchemaType.Builder, file: SourceFile,
                                  diagnostics: inout [Diagnostic]) {
        for field in fields where !type.add(ASTConversion.field(field, in: file)) {
            diagnostics.append(.error(.schemaDuplicateDefinition, "Field \"\(type.name).\(field.name.value)\" is defined more than once.", in: file, at: field.name.range))
        }
    }

    private static func addInputFields(_ fields: [GraphQL.InputValueDefinition], to type: inout SchemaType.Builder, file: SourceFile,
                                       diagnostics: inout [Diagnostic]) {
        for field in fields where !type.add(ASTConversion.inputValue(field, in: file)) {
            diagnostics.append(.error(.schemaDuplicateDefinition, "Input field \"\(type.name).\(field.name.value)\" is defined more than once.", in: file, at: field.name.range))
        }
    }

    private static func addValues(_ values: [GraphQL.EnumValueDefinition], to type: inout SchemaType.Builder, file: SourceFile,
                                  diagnostics: inout [Diagnostic]) {
        for value in values where !type.add(ASTConversion.enumValue(value, in: file)) {
            diagnostics.append(.error(.schemaDuplicateDefinition, "Enum value \"\(type.name).\(value.name.value)\" is defined more than once.", in: file, at: value.name.range))
        }
    }
}
