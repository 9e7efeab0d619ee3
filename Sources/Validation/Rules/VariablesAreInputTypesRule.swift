import GraphQL
import Schema

/// Spec 5.8.2: variables have scalar, enum or input object types.
final class VariablesAreInputTypesRule: ValidationRule {
    let hooks: ValidationHooks = [.variableDefinition]

    func enterVariableDefinition(_ definition: VariableDefinition, type: TypeRef, namedType: SchemaType?, _ context: ValidationContext) {
        guard let namedType, !namedType.isInputType else { return }
        context.error(.variablesAreInputTypes, "Variable \"$\(definition.variable.name.value)\" cannot be non-input type \"\(type)\".",
                      at: definition.type.range)
    }
}
