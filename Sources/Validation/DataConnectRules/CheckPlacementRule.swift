import Diagnostics
import GraphQL
import Schema

/// Data Connect's `@check`: in a mutation a failing check only rolls back earlier writes under
/// `@transaction`, so a check without it is a warning.
final class CheckPlacementRule: ValidationRule {
    let hooks: ValidationHooks = [.operation, .leaveOperation, .directive]

    private var checks: [SourceRange] = []

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        checks = []
    }

    func enterDirective(_ directive: Directive, definition: SchemaDirective?, location: DirectiveLocation, _ context: ValidationContext) {
        if directive.name.value == BuiltinName.check, location != .mutation, location != .query { checks.append(directive.range) }
    }

    func leaveOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        guard operation.operation == .mutation, let first = checks.first,
              !operation.directives.contains(where: { $0.name.value == BuiltinName.transaction }) else { return }
        let writes = operation.selectionSet.selections.filter {
            if case .field(let field) = $0 { return field.name.value != "query" }
            return true
        }
        guard !writes.isEmpty else { return }
        context.warning("@check in a mutation without @transaction cannot undo writes that already ran; add @transaction to the mutation.",
                        at: first)
    }
}
