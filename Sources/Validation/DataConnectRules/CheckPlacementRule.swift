import Diagnostics
import GraphQL
import Schema

/// Data Connect's `@check`: in a mutation a failing check only rolls back earlier writes under
/// `@transaction`, so a check that follows a write in a mutation without it is a warning.
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
        guard operation.operation == .mutation, !checks.isEmpty,
              !operation.directives.contains(where: { $0.name.value == BuiltinName.transaction }) else { return }
        // Top-level fields run in order and a failing check aborts the later ones, so only a write
        // in the check's own field or before it is left behind.
        var wrote = false
        for selection in operation.selectionSet.selections {
            wrote = wrote || !Self.isQuery(selection)
            let range = selection.range
            guard wrote, let check = checks.first(where: { range.start <= $0.start && $0.end <= range.end }) else { continue }
            context.warning("@check in a mutation without @transaction cannot undo writes that already ran; add @transaction to the mutation.",
                            at: check)
            return
        }
    }

    /// `query { ... }` inside a mutation reads; every other top-level selection may write.
    private static func isQuery(_ selection: Selection) -> Bool {
        if case .field(let field) = selection { return field.name.value == "query" }
        return false
    }
}
