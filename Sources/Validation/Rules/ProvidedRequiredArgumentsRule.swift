import Diagnostics
import GraphQL
import Schema

/// Spec 5.4.2.1: non-null arguments without a default are given.
final class ProvidedRequiredArgumentsRule: ValidationRule {
    func enterArguments(_ arguments: [Argument], owner: ArgumentOwner?, range: SourceRangeOwner, _ context: ValidationContext) {
        guard let owner else { return }
        let given = Set(arguments.map(\.name.value))
        switch owner {
        case .field(let field, _):
            for definition in field.arguments where isRequired(definition) && !given.contains(definition.name) {
                context.error("Field \"\(field.name)\" argument \"\(definition.name)\" of type \"\(definition.type)\" is required, but it was not provided.",
                              at: range.range)
            }
        case .directive(let directive):
            for definition in directive.arguments where isRequired(definition) && !given.contains(definition.name) {
                context.error("Directive \"@\(directive.name)\" argument \"\(definition.name)\" of type \"\(definition.type)\" is required, but it was not provided.",
                              at: range.range)
            }
        }
    }

    private func isRequired(_ definition: SchemaInputValue) -> Bool {
        definition.type.isNonNull && definition.defaultValue == nil
    }
}
