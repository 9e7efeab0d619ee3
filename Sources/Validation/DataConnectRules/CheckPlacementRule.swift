import Diagnostics
import GraphQL
import Schema

/// Data Connect's `@check`: in a mutation a failing check only rolls back earlier writes under
/// `@transaction`, so a check that follows a write in a mutation without it is a warning.
final class CheckPlacementRule: ValidationRule {
    let hooks: ValidationHooks = [.directive, .leaveDocument]

    /// The field checks written in each operation and fragment.
    private var checks: [ValidationContext.Scope: [SourceRange]] = [:]

    func enterDirective(_ directive: Directive, definition: SchemaDirective?, location: DirectiveLocation, _ context: ValidationContext) {
        guard directive.name.value == BuiltinName.check, location != .mutation, location != .query, let scope = context.scope else { return }
        checks[scope, default: []].append(directive.range)
    }

    // Fragments may come after the operations that spread them, so mutations are judged at the end.
    func leaveDocument(_ context: ValidationContext) {
        guard !checks.isEmpty else { return }
        for entry in context.operations where entry.operation.operation == .mutation {
            guard !entry.operation.directives.contains(where: { $0.name.value == BuiltinName.transaction }) else { continue }
            // Top-level fields run in order and a failing check aborts the later ones: only earlier writes stay.
            var wrote = false
            for selection in entry.operation.selectionSet.selections {
                wrote = wrote || !Self.isQuery(selection)
                guard wrote, let (check, file) = firstCheck(in: selection, of: entry, context) else { continue }
                context.file = file
                context.warning(.checkWithoutTransaction, "@check in a mutation without @transaction cannot undo writes that already ran; add @transaction to the mutation.",
                                at: check)
                break
            }
        }
    }

    /// The first check written in `selection` or in a fragment it reaches, with its file.
    private func firstCheck(in selection: Selection, of entry: (scope: ValidationContext.Scope, operation: OperationDefinition, file: SourceFile),
                            _ context: ValidationContext) -> (SourceRange, SourceFile)? {
        let range = selection.range
        if let check = checks[entry.scope]?.first(where: { range.start <= $0.start && $0.end <= range.end }) {
            return (check, entry.file)
        }
        var seen: Set<String> = []
        var pending = Self.spreadNames(in: selection)
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            if let check = checks[.fragment(name)]?.first, let fragment = context.fragments[name] { return (check, fragment.file) }
            pending += context.spreads(in: .fragment(name)).map(\.name.value)
        }
        return nil
    }

    /// The fragments spread anywhere inside `selection`, itself included.
    private static func spreadNames(in selection: Selection) -> [String] {
        switch selection {
        case .fragmentSpread(let spread): [spread.name.value]
        case .field(let field): field.selectionSet?.selections.flatMap(spreadNames) ?? []
        case .inlineFragment(let fragment): fragment.selectionSet.selections.flatMap(spreadNames)
        }
    }

    /// `query { ... }` inside a mutation reads; every other top-level selection may write.
    private static func isQuery(_ selection: Selection) -> Bool {
        if case .field(let field) = selection { return field.name.value == "query" }
        return false
    }
}
