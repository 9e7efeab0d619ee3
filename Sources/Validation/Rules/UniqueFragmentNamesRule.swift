import Diagnostics
import GraphQL

/// Spec 5.5.1.1: fragment names are unique across all files of the connector.
final class UniqueFragmentNamesRule: ValidationRule {
    let hooks: ValidationHooks = [.fragment]

    private var seen: [String: SourceSpan] = [:]

    func enterFragment(_ fragment: FragmentDefinition, _ context: ValidationContext) {
        let name = fragment.name
        if let first = seen[name.value] {
            context.error(.uniqueFragmentNames, "There can be only one fragment named \"\(name.value)\".", at: name.range,
                          notes: [.init("The first \"\(name.value)\" is here.", span: first)])
        } else {
            seen[name.value] = SourceSpan(file: context.file, range: name.range)
        }
    }
}
