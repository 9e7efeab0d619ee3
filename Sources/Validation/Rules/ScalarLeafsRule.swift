import Diagnostics
import GraphQL
import Schema

/// Spec 5.3.3: leaf fields have no selection set, composite fields must have one.
final class ScalarLeafsRule: ValidationRule {
    let hooks: ValidationHooks = [.field]

    func enterField(_ field: Field, parentType: SchemaType?, definition: SchemaField?, type: SchemaType?, _ context: ValidationContext) {
        guard let definition else { return }
        let fieldType = definition.type, name = field.name.value
        switch type?.kind {
        case nil:
            return
        case .scalar?, .enumType?:
            if let selectionSet = field.selectionSet {
                context.error(.scalarLeafs, "Field \"\(name)\" must not have a selection since type \"\(fieldType)\" has no subfields.",
                              at: selectionSet.range, notes: keyOutputNote(fieldType))
            }
        default:
            guard field.selectionSet == nil else { return }
            // From the alias, where graphql-js locates the field, to the name.
            context.error(.scalarLeafs, "Field \"\(name)\" of type \"\(fieldType)\" must have a selection of subfields. Did you mean \"\(name) { ... }\"?",
                          at: SourceRange(start: field.range.start, end: field.name.range.end))
        }
    }

    /// Mutations return keys as an opaque scalar; selecting into one is a common mistake.
    private func keyOutputNote(_ type: TypeRef) -> [Diagnostic.Note] {
        guard type.namedType.hasSuffix("_KeyOutput") else { return [] }
        return [.init("\"\(type.namedType)\" is a scalar holding the key fields of the row; remove the selection set.")]
    }
}
