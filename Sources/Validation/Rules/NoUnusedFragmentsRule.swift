import Diagnostics
import GraphQL

/// Spec 5.5.1.4: every fragment is spread by some operation of the connector.
final class NoUnusedFragmentsRule: ValidationRule {
    let hooks: ValidationHooks = [.fragment, .leaveDocument]

    private var definitions: [(FragmentDefinition, SourceFile)] = []

    func enterFragment(_ fragment: FragmentDefinition, _ context: ValidationContext) {
        definitions.append((fragment, context.file))
    }

    func leaveDocument(_ context: ValidationContext) {
        var used: Set<String> = []
        for entry in context.operations {
            for fragment in context.recursivelyReferencedFragments(of: entry.scope) { used.insert(fragment.definition.name.value) }
        }
        for (fragment, file) in definitions where !used.contains(fragment.name.value) {
            context.file = file
            context.error(.noUnusedFragments, "Fragment \"\(fragment.name.value)\" is never used.", at: fragment.range)
        }
    }
}
