import GraphQL

/// Data Connect: every operation has a name; the name is how clients call it and what the
/// generated SDK is built from.
final class NamedOperationsRule: ValidationRule {
    let hooks: ValidationHooks = [.operation]

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        guard operation.name == nil else { return }
        context.error(.namedOperations, "Data Connect operations must be named, e.g. \"\(operation.operation.rawValue) ListMovies { ... }\".",
                      at: operation.range)
    }
}
