import GraphQL

/// Spec 5.8.3: every variable used by an operation (or a fragment it spreads) is declared by it.
final class NoUndefinedVariablesRule: ValidationRule {
    let hooks: ValidationHooks = [.leaveDocument]

    func leaveDocument(_ context: ValidationContext) {
        for entry in context.operations {
            let declared = entry.operation.variableDefinitions.map(\.variable.name.value)
            for usage in context.recursiveVariableUsages(of: entry.scope) {
                let name = usage.variable.name.value
                guard !declared.contains(name) else { continue }
                let owner = entry.operation.name.map { " by operation \"\($0.value)\"" } ?? ""
                context.file = usage.file
                context.error(.noUndefinedVariables, "Variable \"$\(name)\" is not defined\(owner)." + DidYouMean.suffix(name, in: declared, sigil: "$"),
                              at: usage.variable.range)
            }
        }
    }
}
