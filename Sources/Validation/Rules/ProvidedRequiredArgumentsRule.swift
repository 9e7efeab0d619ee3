import Diagnostics
import GraphQL

/// Spec 5.4.2.1: non-null arguments without a default are given.
final class ProvidedRequiredArgumentsRule: ValidationRule {
    let hooks: ValidationHooks = [.arguments]

    func enterArguments(_ arguments: [Argument], owner: ArgumentOwner?, nodeRange: SourceRange, _ context: ValidationContext) {
        guard let owner else { return }
        for definition in owner.arguments where definition.isRequired && !arguments.contains(where: { $0.name.value == definition.name }) {
            switch owner {
            case .field(let field, _):
                context.error(.providedRequiredArguments, "Field \"\(field.name)\" argument \"\(definition.name)\" of type \"\(definition.type)\" is required, but it was not provided.",
                              at: nodeRange)
            case .directive(let directive):
                context.error(.providedRequiredArguments, "Directive \"@\(directive.name)\" argument \"\(definition.name)\" of type \"\(definition.type)\" is required, but it was not provided.",
                              at: nodeRange)
            }
        }
    }
}
