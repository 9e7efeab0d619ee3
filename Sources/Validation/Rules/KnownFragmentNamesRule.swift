import GraphQL
import Schema

/// Spec 5.5.2.1: every spread names a fragment of the connector.
final class KnownFragmentNamesRule: ValidationRule {
    let hooks: ValidationHooks = [.fragmentSpread]

    func enterFragmentSpread(_ spread: FragmentSpread, parentType: SchemaType?, _ context: ValidationContext) {
        let name = spread.name.value
        guard context.fragments[name] == nil else { return }
        context.error(.knownFragmentNames, "Unknown fragment \"\(name)\"." + DidYouMean.suffix(name, in: context.fragments.keys.sorted()),
                      at: spread.name.range)
    }
}
