import GraphQL
import Schema

/// Data Connect's `@fdc_forbiddenAsVariableType`: server-value types (`String_Expr`, `*_SQL`, ...) are written inline only.
final class ForbiddenVariableTypesRule: ValidationRule {
    let hooks: ValidationHooks = [.variableDefinition]

    func enterVariableDefinition(_ definition: VariableDefinition, type: TypeRef, namedType: SchemaType?, _ context: ValidationContext) {
        guard let named = namedType, named.hasDirective(BuiltinName.forbiddenAsVariableType) else { return }
        let hint: String
        if named.name.hasSuffix("_Expr") {
            hint = "Write the expression inline instead, e.g. {field_expr: \"auth.uid\"}."
        } else {
            hint = "Write the value inline in the operation instead."
        }
        context.error(.forbiddenVariableTypes, "Variable \"$\(definition.variable.name.value)\" cannot have type \"\(type)\": \"\(named.name)\" is not allowed as a variable type in Data Connect.",
                      at: definition.type.range, notes: [.init(hint)])
    }
}
