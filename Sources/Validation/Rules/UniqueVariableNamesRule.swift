import Diagnostics
import GraphQL
import Schema

/// Spec 5.8.1: an operation declares each variable once.
final class UniqueVariableNamesRule: ValidationRule {
    let hooks: ValidationHooks = [.operation]

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        guard operation.variableDefinitions.count > 1 else { return }
        var seen = Set<String>(minimumCapacity: operation.variableDefinitions.count)
        for definition in operation.variableDefinitions where !seen.insert(definition.variable.name.value).inserted {
            context.error("There can be only one variable named \"$\(definition.variable.name.value)\".", at: definition.variable.range)
        }
    }
}
