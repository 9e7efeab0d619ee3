import Diagnostics
import GraphQL

/// Data Connect serves queries and mutations only; realtime updates come from `@refresh` on a query.
final class NoSubscriptionsRule: ValidationRule {
    let hooks: ValidationHooks = [.operation]

    func enterOperation(_ operation: OperationDefinition, _ context: ValidationContext) {
        guard operation.operation == .subscription else { return }
        context.error(.noSubscriptions, "Data Connect does not support subscriptions.", at: operation.range,
                      notes: [.init("Write a query and subscribe to it from the client; @refresh controls when it updates.")])
    }
}
