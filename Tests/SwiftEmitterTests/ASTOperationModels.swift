import GraphQL
import Schema
@testable import SwiftEmitter

/// Builds emitter operation models straight from parsed operations and the schema, so emitter
/// tests do not depend on the validation stage. Assumes valid operations without fragments;
/// `@skip`/`@include` mark fields conditional, `@redact` removes them.
enum ASTOperationModels {
    static func models(_ documents: [Document], schema: Schema) -> [OperationModel] {
        documents.flatMap { document in
            document.definitions.compactMap { definition -> OperationModel? in
                guard case .operation(let operation) = definition, let name = operation.name?.value else { return nil }
                let kind: OperationKind = operation.operation == .mutation ? .mutation : .query
                let root = kind == .mutation ? Schema.mutationTypeName : Schema.queryTypeName
                return OperationModel(
                    name: name, kind: kind, description: operation.description?.value,
                    variables: operation.variableDefinitions.compactMap { definition in
                        TypeRef(parsing: definition.type.description).map {
                            OperationModel.Variable(name: definition.variable.name.value, type: $0,
                                                    hasDefault: definition.defaultValue != nil,
                                                    description: definition.description?.value)
                        }
                    },
                    selections: fields(operation.selectionSet, on: root, schema: schema))
            }
        }
    }

    private static func fields(_ selectionSet: SelectionSet, on typeName: String, schema: Schema) -> [OperationModel.Field] {
        selectionSet.selections.compactMap { selection -> OperationModel.Field? in
            guard case .field(let field) = selection,
                  !field.directives.contains(where: { $0.name.value == "redact" }),
                  let schemaField = schema.field(field.name.value, on: typeName) else { return nil }
            let conditional = field.directives.contains { $0.name.value == "skip" || $0.name.value == "include" }
            return OperationModel.Field(
                alias: field.alias?.value, name: field.name.value, type: schemaField.type,
                description: schemaField.description, isConditional: conditional,
                selections: field.selectionSet.map { fields($0, on: schemaField.type.namedType, schema: schema) } ?? [])
        }
    }
}
