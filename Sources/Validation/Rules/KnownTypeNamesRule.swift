import GraphQL
import Schema

/// Spec 5.4.1.2 / 5.8.2: every type named in a variable definition or type condition exists.
final class KnownTypeNamesRule: ValidationRule {
    let hooks: ValidationHooks = [.fragment, .variableDefinition, .inlineFragment]

    func enterVariableDefinition(_ definition: VariableDefinition, type: TypeRef, namedType: SchemaType?, _ context: ValidationContext) {
        if namedType == nil { check(definition.type.namedType, context) }
    }

    func enterFragment(_ fragment: FragmentDefinition, _ context: ValidationContext) {
        check(fragment.typeCondition, context)
    }

    func enterInlineFragment(_ fragment: InlineFragment, parentType: SchemaType?, _ context: ValidationContext) {
        if let condition = fragment.typeCondition { check(condition, context) }
    }

    private func check(_ named: NamedType, _ context: ValidationContext) {
        let name = named.name.value
        guard context.type(named: name) == nil else { return }
        context.error(.knownTypeNames, "Unknown type \"\(name)\"." + DidYouMean.suffix(name, in: context.schema.typeNames), at: named.range)
    }
}
