import GraphQL
import Schema

/// Spec 5.8.4: every declared variable is used by the operation or a fragment it spreads, or read by a CEL
/// condition (`@auth(expr: "vars.id == auth.uid")`). Data Connect deploys unused ones, so this only warns.
final class NoUnusedVariablesRule: ValidationRule {
    let hooks: ValidationHooks = [.directive, .leaveDocument]

    /// `vars.x` names read by CEL strings of directives, per operation or fragment.
    private var celReads: [ValidationContext.Scope: Set<String>] = [:]

    func enterDirective(_ directive: Directive, definition: SchemaDirective?, location: DirectiveLocation, _ context: ValidationContext) {
        guard let scope = context.scope else { return }
        for argument in directive.arguments {
            Self.strings(in: argument.value) { text in
                let names = CELReferences.variables(in: text)
                if !names.isEmpty { celReads[scope, default: []].formUnion(names) }
            }
        }
    }

    func leaveDocument(_ context: ValidationContext) {
        for entry in context.operations where !entry.operation.variableDefinitions.isEmpty {
            let used = context.recursiveVariableUsages(of: entry.scope).map(\.variable.name.value)
            let read = celReads.isEmpty ? [] : Set(context.scopes(reachedFrom: entry.scope).flatMap { celReads[$0] ?? [] })
            context.file = entry.file
            for definition in entry.operation.variableDefinitions {
                let name = definition.variable.name.value
                guard !used.contains(name), !read.contains(name) else { continue }
                let owner = entry.operation.name.map { " in operation \"\($0.value)\"" } ?? ""
                context.warning(.noUnusedVariables, "Variable \"$\(name)\" is never used\(owner).", at: definition.variable.range)
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
