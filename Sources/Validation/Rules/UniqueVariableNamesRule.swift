import Diagnostics
import GraphQL
import Schema

/// Spec 5.8.1: an operation declares each variable once.
final class UniqueVariableNamesRule: ValidationRule {
    let hooks: ValidationHooks = [.operation]

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        ShortNameLists.forEachRepeat(in: operation.variableDefinitions, name: { $0.variable.name.value }) { definition in
            context.error("There can be only one variable named \"$\(definition.variable.name.value)\".", at: definition.variable.range)
        }
    }
}
