import GraphQL
import Schema

/// Spec 5.6.3: an input object literal gives each field once.
final class UniqueInputFieldNamesRule: ValidationRule {
    let hooks: ValidationHooks = [.objectValue]

    func enterObjectValue(_ object: ObjectValue, inputType: SchemaType?, _ context: ValidationContext) {
        // The lists are short: comparing in place costs less than hashing every name.
        for (index, field) in object.fields.enumerated()
        where object.fields[..<index].contains(where: { $0.name.value == field.name.value }) {
            context.error(.uniqueInputFieldNames, "There can be only one input field named \"\(field.name.value)\".", at: field.name.range)
        }
    }
}
