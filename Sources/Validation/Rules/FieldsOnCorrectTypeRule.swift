import Diagnostics
import GraphQL
import Schema

/// Spec 5.3.1: every selected field exists on the type it is selected on.
final class FieldsOnCorrectTypeRule: ValidationRule {
    let hooks: ValidationHooks = [.field]

    func enterField(_ field: Field, parentType: SchemaType?, definition: SchemaField?, _ context: ValidationContext) {
        guard let parentType, definition == nil else { return }
        let name = field.name.value
        let candidates = parentType.fields.map(\.name)
        // From the alias, as graphql-js locates it, to the name: not the whole selection set.
        context.error("Cannot query field \"\(name)\" on type \"\(parentType.name)\"." + DidYouMean.suffix(name, in: candidates),
                      at: SourceRange(start: field.range.start, end: field.name.range.end),
                      notes: DidYouMean.declarationNote("Type \"\(parentType.name)\"", parentType.origin))
    }
}
