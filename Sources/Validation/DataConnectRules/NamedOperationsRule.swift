import GraphQL

/// Data Connect: every operation has a name, which is how clients call it.
final class NamedOperationsRule: ValidationRule {
    let hooks: ValidationHooks = [.operation]

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        guard operation.name == nil else { return }
        context.error(.namedOperations, "Data Connect operations must be named, e.g. \"\(operation.operation.rawValue) ListMovies { ... }\".",
                      at: operation.range)
    }
}
