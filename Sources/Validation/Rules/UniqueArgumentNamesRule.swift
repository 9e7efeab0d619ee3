import Diagnostics
import GraphQL

/// Spec 5.4.2: a field or directive gets each argument once.
final class UniqueArgumentNamesRule: ValidationRule {
    let hooks: ValidationHooks = [.arguments]

    func enterArguments(_ arguments: [Argument], owner: ArgumentOwner?, nodeRange: SourceRange, _ context: ValidationContext) {
        // Short lists: comparing in place beats hashing. One report per repeated name, at its first repetition.
        for (index, argument) in arguments.enumerated()
        where arguments[..<index].count(where: { $0.name.value == argument.name.value }) == 1 {
            context.error(.uniqueArgumentNames, "There can be only one argument named \"\(argument.name.value)\".", at: argument.name.range)
        }
    }
}
