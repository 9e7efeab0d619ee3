import GraphQL

/// sdkgen's own limit: an operation nests at most `Parser.maximumDepth` selection sets, its fragments'
/// counted. Lowering inlines fragments one nested call per level, so a longer chain would exhaust the stack.
final class NestingDepthRule: ValidationRule {
    let hooks: ValidationHooks = [.operation]

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        // Without fragments the parser has bounded the nesting already.
        guard !context.fragments.isEmpty else { return }
        let depth = context.fragmentGraph.depth(of: operation.selectionSet)
        guard depth > Parser.maximumDepth else { return }
        context.error(.nestingTooDeep, "Selections nest \(depth) levels deep, counting the fragments spread; at most \(Parser.maximumDepth) are allowed.",
                      at: operation.range)
    }
}
