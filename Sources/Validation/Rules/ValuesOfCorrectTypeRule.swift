import GraphQL
import Schema

/// Spec 5.6.1: every literal fits the input type of its position: scalars, enum values, lists, input objects.
final class ValuesOfCorrectTypeRule: ValidationRule {
    let hooks: ValidationHooks = [.value, .objectValue, .objectField]

    func enterValue(_ value: Value, expectedType: TypeRef?, namedType: SchemaType?, _ context: ValidationContext) {
        guard let expectedType, let namedType else { return }
        switch value {
        case .variable:
            return
        case .null:
            if expectedType.isNonNull {
                context.error(.valuesOfCorrectType, "Expected value of type \"\(expectedType)\", found null.", at: value.range)
            }
        case .list:
            if !expectedType.isList { checkLeaf(value, expectedType: expectedType, namedType: namedType, context) }
        case .object:
            if namedType.kind != .inputObject { checkLeaf(value, expectedType: expectedType, namedType: namedType, context) }
        default:
            checkLeaf(value, expectedType: expectedType, namedType: namedType, context)
        }
    }

    func enterObjectValue(_ object: ObjectValue, inputType: SchemaType?, _ context: ValidationContext) {
        guard let inputType else { return }
        for field in inputType.inputFields where field.isRequired && !object.fields.contains(where: { $0.name.value == field.name }) {
            context.error(.valuesOfCorrectType, "Field \"\(inputType.name).\(field.name)\" of required type \"\(field.type)\" was not provided.", at: object.range)
        }
    }

    func enterObjectField(_ field: ObjectField, parentType: SchemaType?, definition: SchemaInputValue?, _ context: ValidationContext) {
        guard let parentType, definition == nil else { return }
        let name = field.name.value
        context.error(.valuesOfCorrectType, "Field \"\(name)\" is not defined by type \"\(parentType.name)\"."
                      + DidYouMean.suffix(name, in: parentType.inputFields.map(\.name)),
                      at: field.name.range, notes: DidYouMean.declarationNote("Input type \"\(parentType.name)\"", parentType.origin))
    }

    private func checkLeaf(_ value: Value, expectedType: TypeRef, namedType: SchemaType, _ context: ValidationContext) {
        switch namedType.kind {
        case .scalar:
            if let problem = ScalarLiterals.problem(value, expectedType: expectedType) { context.error(.valuesOfCorrectType, problem, at: value.range) }
        case .enumType:
            checkEnum(value, namedType, context)
        case .inputObject:
            context.error(.valuesOfCorrectType, "Expected value of type \"\(expectedType)\", found \(Printer.print(value)).", at: value.range)
        case .object, .interface, .union:
            // Not an input type: VariablesAreInputTypes or the schema reports it.
            return
        }
    }

    private func checkEnum(_ value: Value, _ type: SchemaType, _ context: ValidationContext) {
        // Only messages need the names; a valid literal, the usual case, should not build them.
        var names: [String] { type.enumValues.map(\.name) }
        switch value {
        case .enumValue(let enumValue):
            guard type.enumValue(named: enumValue.value) == nil else { return }
            context.error(.valuesOfCorrectType, "Value \"\(enumValue.value)\" does not exist in \"\(type.name)\" enum."
                          + DidYouMean.suffix(enumValue.value, in: names, lead: "the enum value "), at: value.range)
        case .string(let string):
            context.error(.valuesOfCorrectType, "Enum \"\(type.name)\" cannot represent non-enum value: \(Printer.print(value))."
                          + DidYouMean.suffix(string.value, in: names, lead: "the enum value "), at: value.range)
        default:
            context.error(.valuesOfCorrectType, "Enum \"\(type.name)\" cannot represent non-enum value: \(Printer.print(value)).", at: value.range)
        }
    }
}
