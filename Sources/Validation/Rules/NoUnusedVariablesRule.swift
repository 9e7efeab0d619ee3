import Diagnostics
import GraphQL
import Schema

/// Spec 5.8.4: every declared variable is used by the operation or a fragment it spreads.
///
/// Data Connect deploys operations with unused variables (the generated SDKs expose them as
/// parameters), so this is a warning, not an error; see docs/validation.md. A variable read only by
/// a CEL condition (`@auth(expr: "vars.id == auth.uid")`, `@check(expr:)`) counts as used.
final class NoUnusedVariablesRule: ValidationRule {
    let hooks: ValidationHooks = [.directive, .leaveDocument]

    /// `vars.x` names read by CEL strings of directives, per operation or fragment.
    private var celReads: [ValidationContext.Scope: Set<String>] = [:]

    func enterDirective(_ directive: Directive, definition: SchemaDirective?, location: DirectiveLocation, _ context: ValidationContext) {
        guard let scope = context.scope else { return }
        for argument in directive.arguments {
            Self.strings(in: argument.value) { text in
                celReads[scope, default: []].formUnion(CELReferences.variables(in: text))
            }
        }
    }

    func leaveDocument(_ context: ValidationContext) {
        for entry in context.operations {
            var used = Set(context.recursiveVariableUsages(of: entry.scope).map(\.variable.name.value))
            used.formUnion(celReads[entry.scope] ?? [])
            for fragment in context.recursivelyReferencedFragments(of: entry.scope) {
                used.formUnion(celReads[.fragment(fragment.definition.name.value)] ?? [])
            }
            context.file = entry.file
            for definition in entry.operation.variableDefinitions where !used.contains(definition.variable.name.value) {
                let owner = entry.operation.name.map { " in operation \"\($0.value)\"" } ?? ""
                context.warning("Variable \"$\(definition.variable.name.value)\" is never used\(owner).", at: definition.variable.range)
            }
        }
    }

    /// Every string literal inside `value` (CEL sits in `expr` strings and `{condition: ...}` objects).
    private static func strings(in value: Value, _ body: (String) -> Void) {
        switch value {
        case .string(let string): body(string.value)
        case .list(let list): for item in list.values { strings(in: item, body) }
        case .object(let object): for field in object.fields { strings(in: field.value, body) }
        default: break
        }
    }
}
