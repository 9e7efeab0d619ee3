import Diagnostics
import GraphQL
import Schema

/// Spec 5.3.1: every selected field exists on the type it is selected on.
final class FieldsOnCorrectTypeRule: ValidationRule {
    let hooks: ValidationHooks = [.field]

    /// The most tables a message lists when a root field names a table that does not exist.
    static let tablesListed = 5

    func enterField(_ field: Field, parentType: SchemaType?, definition: SchemaField?, type: SchemaType?, _ context: ValidationContext) {
        guard let parentType, definition == nil else { return }
        let name = field.name.value
        let candidates = parentType.fields.map(\.name)
        let suggestion = DidYouMean.closest(name, in: candidates)
        let hint = Self.missingTable(name, suggestion, on: parentType.name, context.schema)
            ?? suggestion.map { " Did you mean \"\($0)\"?" } ?? ""
        // From the alias, as graphql-js locates it, to the name: not the whole selection set.
        context.error(.fieldsOnCorrectType, "Cannot query field \"\(name)\" on type \"\(parentType.name)\".\(hint)",
                      at: SourceRange(start: field.range.start, end: field.name.range.end),
                      notes: DidYouMean.declarationNote("Type \"\(parentType.name)\"", parentType.origin))
    }

    /// ` No table "Tag" is defined; …` when `field` of `root` names a missing table, unless `suggestion`'s
    /// table has a close name: `movies_insert` is a typo of `movie_insert`, `tag_delete` not one of `actor_delete`.
    private static func missingTable(_ field: String, _ suggestion: String?, on root: String, _ schema: Schema) -> String? {
        guard let table = RootFieldTable.table(ofField: field, on: root), schema.entity(named: table) == nil else { return nil }
        if let suggested = suggestion.flatMap({ RootFieldTable.table(ofField: $0, on: root) }),
           Suggestion.closest(to: table, in: [suggested]) != nil {
            return nil
        }
        let tables = schema.entityNames.filter { schema.entity(named: $0)?.kind == .table }
        let known = tables.isEmpty ? "the schema has no tables" : "the schema's tables: " + QuotedNames.list(tables, atMost: tablesListed)
        return " No table \"\(table)\" is defined; \(known)."
    }
}
