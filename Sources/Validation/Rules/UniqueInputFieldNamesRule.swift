import Diagnostics
import GraphQL
import Schema

/// Spec 5.6.3: an input object literal gives each field once.
final class UniqueInputFieldNamesRule: ValidationRule {
    let hooks: ValidationHooks = [.objectValue]

    func enterObjectValue(_ object: ObjectValue, inputType: SchemaType?, _ context: ValidationContext) {
        guard object.fields.count > 1 else { return }
        var seen = Set<String>(minimumCapacity: object.fields.count)
        for field in object.fields where !seen.insert(field.name.value).inserted {
            context.error("There can be only one input field named \"\(field.name.value)\".", at: field.name.range)
        }
    }
}
