import Diagnostics
import GraphQL
import Schema

/// Spec 5.8.1: an operation declares each variable once.
final class UniqueVariableNamesRule: ValidationRule {
    let hooks: ValidationHooks = [.operation]

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        var seen: Set<String> = []
        for definition in operation.variableDefinitions {
            let name = definition.variable.name.value
            if !seen.insert(name).inserted {
                context.error("There can be only one variable named \"$\(name)\".", at: definition.variable.range)
            }
        }
    }
}
