import GraphQL

/// Spec 5.2.2.1: an anonymous operation must be the only operation of the document.
final class LoneAnonymousOperationRule: ValidationRule {
    let hooks: ValidationHooks = [.operation]
    let spansOperations = true

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        guard operation.name == nil else { return }
        let count = context.documents.reduce(0) { total, document in
            total + document.definitions.lazy.filter { if case .operation = $0 { return true } else { return false } }.count
        }
        if count > 1 {
            context.error(.loneAnonymousOperation, "This anonymous operation must be the only defined operation.", at: operation.range)
        }
    }
}
