import Diagnostics
import GraphQL

/// Spec 5.4.2.1: non-null arguments without a default are given.
final class ProvidedRequiredArgumentsRule: ValidationRule {
    let hooks: ValidationHooks = [.arguments]

    func enterArguments(_ arguments: [Argument], owner: ArgumentOwner?, nodeRange: SourceRange, _ context: ValidationContext) {
        guard let owner else { return }
        for definition in owner.arguments where definition.isRequired && !arguments.contains(where: { $0.name.value == definition.name }) {
            let what = switch owner {
            case .field(let field, _): "Field \"\(field.name)\""
            case .directive(let directive): "Directive \"@\(directive.name)\""
            }
            context.error(.providedRequiredArguments, "\(what) argument \"\(definition.name)\" of type \"\(definition.type)\" is required, "
                          + "but it was not provided.", at: nodeRange)
        }
    }
}
