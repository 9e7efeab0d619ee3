import Diagnostics
import GraphQL
@testable import Schema

/// Builds a schema model from arbitrary SDL documents (type definitions, extensions, directives),
/// e.g. the emulator's `.dataconnect/schema` output or sdkgen's own rendering of it.
public enum SDLSchemaLoader {
    /// Adds every definition of `documents` to `schema`. Executable definitions are ignored;
    /// duplicates and extensions of unknown types are reported and skipped.
    public static func load(_ documents: [Document], into schema: inout Schema) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var extensions: [(GraphQL.TypeDefinition, SourceFile)] = []
        for document in documents {
            let file = document.source
            for definition in document.definitions {
                switch definition {
                case .type(let node):
                    var type = ASTConversion.emptyType(node, in: file)
                    addMembers(of: node, to: &type, file: file, diagnostics: &diagnostics)
                    if schema.type(named: type.name) != nil {
                        diagnostics.append(.error(.schemaDuplicateDefinition, "Type \"\(type.name)\" is defined more than once.", in: file, at: node.name.range))
                    }
                    schema.add(type.build())
                case .directive(let node):
                    if schema.directive(named: node.name.value) != nil {
                        diagnostics.append(.error(.schemaDuplicateDefinition, "Directive \"@\(node.name.value)\" is defined more than once.", in: file, at: node.name.range))
                    }
                    schema.add(directiveDefinition(node, in: file))
                case .typeExtension(let node):
                    extensions.append((node, file))
                case .operation, .fragment, .schema, .schemaExtension:
                    continue
                }
            }
        }
        // Extensions may precede their type (files are unordered), so they are applied last.
        for (node, file) in extensions {
            guard schema.type(named: node.name.value) != nil else {
                diagnostics.append(.error(.schemaUnsupportedExtension, "Cannot extend unknown type \"\(node.name.value)\".", in: file, at: node.name.range))
                continue
            }
            schema.modifyType(node.name.value) { type in
                type.directives += ASTConversion.directives(node.directives, in: file)
                type.interfaces += node.interfaces.map(\.name.value)
                type.possibleTypes += node.types.map(\.name.value)
                addMembers(of: node, to: &type, file: file, diagnostics: &diagnostics)
            }
        }
        return diagnostics
    }

    private static func addMembers(of node: GraphQL.TypeDefinition, to type: inout SchemaType.Builder, file: SourceFile,
                                   diagnostics: inout [Diagnostic]) {
        func duplicate(_ member: String, _ name: Name) {
            let message = "\(member) \"\(type.name).\(name.value)\" is defined more than once."
            diagnostics.append(.error(.schemaDuplicateDefinition, message, in: file, at: name.range))
        }
        for field in node.fields where !type.add(ASTConversion.field(field, in: file)) { duplicate("Field", field.name) }
        for field in node.inputFields where !type.add(ASTConversion.inputValue(field, in: file)) { duplicate("Input field", field.name) }
        for value in node.values where !type.add(ASTConversion.enumValue(value, in: file)) { duplicate("Enum value", value.name) }
    }

    private static func directiveDefinition(_ node: GraphQL.DirectiveDefinition, in file: SourceFile) -> SchemaDirective {
        SchemaDirective(
            name: node.name.value, description: node.description?.value,
            arguments: node.arguments.map { ASTConversion.inputValue($0, in: file) },
            isRepeatable: node.isRepeatable, locations: node.locations.compactMap { DirectiveLocation(rawValue: $0.value) },
            origin: .declared(ASTConversion.span(file, node.name.range)))
    }
}
