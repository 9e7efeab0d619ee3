import Diagnostics
import GraphQL
import Schema

/// Spec 5.4.2: a field or directive gets each argument once.
final class UniqueArgumentNamesRule: ValidationRule {
    let hooks: ValidationHooks = [.arguments]

    func enterArguments(_ arguments: [Argument], owner: ArgumentOwner?, nodeRange: SourceRange, _ context: ValidationContext) {
        guard arguments.count > 1 else { return }
        var seen = Set<String>(minimumCapacity: arguments.count)
        for argument in arguments where !seen.insert(argument.name.value).inserted {
            context.error("There can be only one argument named \"\(argument.name.value)\".", at: argument.name.range)
        }
    }
}
