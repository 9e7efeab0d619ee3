import GraphQL

/// Spec 5.8.1: an operation declares each variable once.
final class UniqueVariableNamesRule: ValidationRule {
    let hooks: ValidationHooks = [.operation]

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        // Short lists: comparing in place beats hashing. One report per repeated name, at its first repetition.
        for (index, definition) in operation.variableDefinitions.enumerated()
        where operation.variableDefinitions[..<index].count(where: { $0.variable.name.value == definition.variable.name.value }) == 1 {
            context.error(.uniqueVariableNames, "There can be only one variable named \"$\(definition.variable.name.value)\".", at: definition.variable.name.range)
        }
    }
}
