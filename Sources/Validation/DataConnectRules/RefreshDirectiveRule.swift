import GraphQL
import Schema

/// Data Connect's `@refresh`: `every` is a positive duration, and each `onMutationExecuted` event
/// names a mutation of the same connector.
final class RefreshDirectiveRule: ValidationRule {
    let hooks: ValidationHooks = [.directive]

    func enterDirective(_ directive: Directive, definition: SchemaDirective?, location: DirectiveLocation, _ context: ValidationContext) {
        guard directive.name.value == BuiltinName.refresh, definition != nil else { return }
        if directive.arguments.isEmpty {
            context.error("@refresh needs \"every\" or \"onMutationExecuted\".", at: directive.range)
        }
        for argument in directive.arguments {
            switch argument.name.value {
            case "every": checkDuration(argument.value, context)
            case "onMutationExecuted":
                if case .list(let list) = argument.value {
                    for item in list.values { checkEvent(item, context) }
                } else {
                    checkEvent(argument.value, context)
                }
            default: break
            }
        }
    }

    private func checkDuration(_ value: Value, _ context: ValidationContext) {
        guard case .object(let object) = value else { return }
        var total = 0
        var isConstant = true
        for field in object.fields {
            switch field.value {
            case .int(let int):
                guard let amount = Int(int.text) else { continue }
                if amount < 0 {
                    context.error("@refresh(every:) durations cannot be negative.", at: field.value.range)
                }
                total += max(amount, 0)
            default:
                isConstant = false
            }
        }
        if isConstant, total == 0 {
            context.error("@refresh(every:) needs a positive duration, e.g. {seconds: 30}.", at: value.range)
        }
    }

    private func checkEvent(_ value: Value, _ context: ValidationContext) {
        guard case .object(let object) = value,
              let field = object.fields.first(where: { $0.name.value == "operation" }),
              case .string(let name) = field.value else { return }
        guard !context.mutationNames.contains(name.value) else { return }
        // Firebase's own KitchenSink test project refers to `createStandardScalar` this way, so a
        // difference in case alone may be accepted by the service.
        if let match = context.mutationNames.first(where: { $0.lowercased() == name.value.lowercased() }) {
            context.warning("@refresh(onMutationExecuted:) names \"\(name.value)\", but the mutation is spelled \"\(match)\".",
                            at: field.value.range)
            return
        }
        context.error("@refresh(onMutationExecuted:) names \"\(name.value)\", which is not a mutation of this connector."
                      + DidYouMean.suffix(name.value, in: context.mutationNames), at: field.value.range)
    }
}
