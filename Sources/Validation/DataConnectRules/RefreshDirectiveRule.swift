import GraphQL
import Schema

/// Data Connect's `@refresh`: `every` lies between 10 seconds and 1 hour, and each `onMutationExecuted` event
/// names a mutation; one of another connector (or an admin document) only warns, as Data Connect matches per service.
final class RefreshDirectiveRule: ValidationRule {
    /// Data Connect rejects intervals outside this range at deploy time.
    static let shortestInterval = 10
    static let longestInterval = 3600

    /// Seconds per `Timestamp_Duration` unit; months and years need only exceed the range.
    private static let unitSeconds: [String: Double] = [
        "milliseconds": 0.001, "seconds": 1, "minutes": 60, "hours": 3600, "days": 86_400, "weeks": 604_800,
        "months": 2_592_000, "years": 31_536_000,
    ]

    let hooks: ValidationHooks = [.directive]

    func enterDirective(_ directive: Directive, definition: SchemaDirective?, location: DirectiveLocation, _ context: ValidationContext) {
        // On a mutation the placement error says enough.
        guard directive.name.value == BuiltinName.refresh, definition != nil, location == .query else { return }
        if directive.arguments.isEmpty {
            context.error(.refreshInterval, "@refresh needs \"every\" or \"onMutationExecuted\".", at: directive.range)
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
        var total: Double = 0
        var isConstant = true
        for field in object.fields {
            switch field.value {
            case .int(let int):
                guard let amount = Double(int.text) else { continue }
                if amount < 0 {
                    context.error(.refreshInterval, "@refresh(every:) durations cannot be negative.", at: field.value.range)
                }
                total += max(amount, 0) * (Self.unitSeconds[field.name.value] ?? 0)
            default:
                isConstant = false
            }
        }
        guard isConstant else { return }
        if total == 0 {
            context.error(.refreshInterval, "@refresh(every:) needs a positive duration, e.g. {seconds: 30}.", at: value.range)
        } else if total < Double(Self.shortestInterval) || total > Double(Self.longestInterval) {
            context.error(.refreshInterval, "@refresh(every:) must be between \(Self.shortestInterval) seconds and 1 hour; this is \(Self.describe(total)).",
                          at: value.range)
        }
    }

    /// `5 seconds`, `0.5 seconds`, `7200 seconds`.
    private static func describe(_ seconds: Double) -> String {
        let number = seconds.rounded() == seconds && seconds < 1e15 ? String(Int64(seconds)) : String(seconds)
        return number + (seconds == 1 ? " second" : " seconds")
    }

    private func checkEvent(_ value: Value, _ context: ValidationContext) {
        guard case .object(let object) = value,
              let field = object.fields.first(where: { $0.name.value == "operation" }),
              case .string(let name) = field.value else { return }
        guard !context.mutationNames.contains(name.value) else { return }
        // Firebase's KitchenSink project names `createStandardScalar` so: the service may accept a case difference.
        if let match = context.mutationNames.first(where: { $0.lowercased() == name.value.lowercased() }) {
            context.warning(.refreshUnknownMutation, "@refresh(onMutationExecuted:) names \"\(name.value)\", but the mutation is spelled \"\(match)\".",
                            at: field.value.range)
            return
        }
        context.warning(.refreshUnknownMutation, "@refresh(onMutationExecuted:) names \"\(name.value)\", which is not a mutation of this connector; "
                        + "the query refreshes only when another connector of the service, or an admin document, runs a mutation of that name."
                        + DidYouMean.suffix(name.value, in: context.mutationNames), at: field.value.range)
    }
}
