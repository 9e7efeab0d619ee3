import Diagnostics
import GraphQL

/// Spec 5.2.2.1: an anonymous operation must be the only operation of the document.
struct LoneAnonymousOperationRule: CrossOperationRule {
    func check(_ operations: [(operation: OperationDefinition, file: SourceFile)], _ context: ValidationContext) {
        guard operations.count > 1 else { return }
        for (operation, file) in operations where operation.name == nil {
            context.report(.error(.loneAnonymousOperation, "This anonymous operation must be the only defined operation.", in: file, at: operation.range))
        }
    }
}
