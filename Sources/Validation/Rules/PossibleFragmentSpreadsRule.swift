import GraphQL
import Schema

/// Spec 5.5.2.3: a fragment can only be spread where its type can apply.
final class PossibleFragmentSpreadsRule: ValidationRule {
    let hooks: ValidationHooks = [.fragmentSpread, .inlineFragment]

    func enterInlineFragment(_ fragment: InlineFragment, parentType: SchemaType?, _ context: ValidationContext) {
        guard let condition = fragment.typeCondition, let parentType,
              context.schema.isCompositeType(condition.name.value), !context.schema.typesOverlap(condition.name.value, parentType.name)
        else { return }
        context.error(.possibleFragmentSpreads, "Fragment cannot be spread here as objects of type \"\(parentType.name)\" can never be of type \"\(condition.name.value)\".",
                      at: fragment.range)
    }

    func enterFragmentSpread(_ spread: FragmentSpread, parentType: SchemaType?, _ context: ValidationContext) {
        guard let parentType, let entry = context.fragments[spread.name.value] else { return }
        let typeName = entry.definition.typeCondition.name.value
        guard context.schema.isCompositeType(typeName), !context.schema.typesOverlap(typeName, parentType.name) else { return }
        context.error(.possibleFragmentSpreads, "Fragment \"\(spread.name.value)\" cannot be spread here as objects of type \"\(parentType.name)\" can never be of type \"\(typeName)\".",
                      at: spread.range)
    }
}
