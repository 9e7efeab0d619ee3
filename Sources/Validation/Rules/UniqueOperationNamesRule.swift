import Diagnostics
import GraphQL

/// Spec 5.2.1.1: operation names are unique across all files of the connector.
final class UniqueOperationNamesRule: ValidationRule {
    let hooks: ValidationHooks = [.operation]
    let spansOperations = true

    private var seen: [String: SourceSpan] = [:]

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        guard let name = operation.name else { return }
        if let first = seen[name.value] {
            context.error(.uniqueOperationNames, "There can be only one operation named \"\(name.value)\".", at: name.range,
                          notes: [.init("The first \"\(name.value)\" is here.", span: first)])
        } else {
            seen[name.value] = SourceSpan(file: context.file, range: name.range)
        }
    }
}
