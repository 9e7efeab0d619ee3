import Diagnostics
import GraphQL

/// Spec 5.2.1.1: operation names are unique across all files of the connector.
struct UniqueOperationNamesRule: CrossOperationRule {
    func check(_ operations: [(operation: OperationDefinition, file: SourceFile)], _ context: ValidationContext) {
        var seen = [String: SourceSpan](minimumCapacity: operations.count)
        for (operation, file) in operations {
            guard let name = operation.name else { continue }
            if let first = seen[name.value] {
                context.report(.error(.uniqueOperationNames, "There can be only one operation named \"\(name.value)\".", in: file, at: name.range,
                                      notes: [.init("The first \"\(name.value)\" is here.", span: first)]))
            } else {
                seen[name.value] = SourceSpan(file: file, range: name.range)
            }
        }
    }
}
