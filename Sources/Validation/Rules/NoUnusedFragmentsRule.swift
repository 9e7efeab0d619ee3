import GraphQL

/// Spec 5.5.1.4: every fragment is spread by some operation of the connector.
final class NoUnusedFragmentsRule: ValidationRule {
    let hooks: ValidationHooks = [.leaveDocument]

    func leaveDocument(_ context: ValidationContext) {
        var used: Set<String> = []
        for entry in context.operations {
            for fragment in context.recursivelyReferencedFragments(of: entry.scope) { used.insert(fragment.definition.name.value) }
        }
        for document in context.documents {
            for fragment in document.fragments where !used.contains(fragment.name.value) {
                context.file = document.source
                context.error(.noUnusedFragments, "Fragment \"\(fragment.name.value)\" is never used.", at: fragment.range)
            }
        }
    }
}
