import GraphQL
import Schema

/// Spec 5.5.1.3: fragments can only condition on object, interface or union types.
final class FragmentsOnCompositeTypesRule: ValidationRule {
    let hooks: ValidationHooks = [.fragment, .inlineFragment]

    func enterFragment(_ fragment: FragmentDefinition, _ context: ValidationContext) {
        let name = fragment.typeCondition.name.value
        guard let type = context.type(named: name), !type.isCompositeType else { return }
        context.error(.fragmentsOnCompositeTypes, "Fragment \"\(fragment.name.value)\" cannot condition on non composite type \"\(name)\".",
                      at: fragment.typeCondition.range)
    }

    func enterInlineFragment(_ fragment: InlineFragment, parentType: SchemaType?, _ context: ValidationContext) {
        guard let condition = fragment.typeCondition else { return }
        let name = condition.name.value
        guard let type = context.type(named: name), !type.isCompositeType else { return }
        context.error(.fragmentsOnCompositeTypes, "Fragment cannot condition on non composite type \"\(name)\".", at: condition.range)
    }
}
