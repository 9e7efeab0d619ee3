import GraphQL
import Schema

/// Spec 5.4.1: every argument is declared by its field or directive.
final class KnownArgumentNamesRule: ValidationRule {
    let hooks: ValidationHooks = [.argument]

    func enterArgument(_ argument: Argument, definition: SchemaInputValue?, owner: ArgumentOwner?, _ context: ValidationContext) {
        guard definition == nil, let owner else { return }
        let name = argument.name.value
        switch owner {
        case .field(let field, let parentType):
            context.error(.knownArgumentNames, "Unknown argument \"\(name)\" on field \"\(parentType).\(field.name)\"."
                          + DidYouMean.suffix(name, in: field.arguments.map(\.name)),
                          at: argument.name.range, notes: DidYouMean.declarationNote("Field \"\(parentType).\(field.name)\"", field.origin))
        case .directive(let directive):
            context.error(.knownArgumentNames, "Unknown argument \"\(name)\" on directive \"@\(directive.name)\"."
                          + DidYouMean.suffix(name, in: directive.arguments.map(\.name)),
                          at: argument.name.range)
        }
    }
}
