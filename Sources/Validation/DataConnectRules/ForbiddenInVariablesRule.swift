import GraphQL
import Schema

/// Data Connect's `@fdc_forbiddenInVariables`: server-value fields (`_expr`, `_update`, ...) and `_Data`
/// reference keys may be written inline, but not inside a variable's value, its default included.
final class ForbiddenInVariablesRule: ValidationRule {
    let hooks: ValidationHooks = [.objectField]

    func enterObjectField(_ field: ObjectField, parentType: SchemaType?, definition: SchemaInputValue?, _ context: ValidationContext) {
        guard context.isInVariableDefault, let definition, definition.isForbiddenInVariables, let parentType else { return }
        context.error(.forbiddenInVariables, "Field \"\(parentType.name).\(field.name.value)\" cannot be part of a variable's value; write it inline in the operation.",
                      at: field.name.range)
    }
}
