import Diagnostics
import GraphQL
import Schema

/// Spec 5.8.4: every declared variable is used by the operation or a fragment it spreads.
///
/// Data Connect deploys operations with unused variables (the generated SDKs expose them as
/// parameters), so this is a warning, not an error; see docs/validation.md.
final class NoUnusedVariablesRule: ValidationRule {
    func leaveDocument(_ context: ValidationContext) {
        for entry in context.operations {
            let used = Set(context.recursiveVariableUsages(of: entry.scope).map(\.variable.name.value))
            context.file = entry.file
            for definition in entry.operation.variableDefinitions where !used.contains(definition.variable.name.value) {
                let owner = entry.operation.name.map { " in operation \"\($0.value)\"" } ?? ""
                context.warning("Variable \"$\(definition.variable.name.value)\" is never used\(owner).", at: definition.variable.range)
            }
        }
    }
}
