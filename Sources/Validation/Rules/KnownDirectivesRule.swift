import GraphQL
import Schema

/// Spec 5.7.1 / 5.7.2: directives exist and are used only where they are declared to be allowed.
final class KnownDirectivesRule: ValidationRule {
    let hooks: ValidationHooks = [.directive]

    func enterDirective(_ directive: Directive, definition: SchemaDirective?, location: DirectiveLocation, _ context: ValidationContext) {
        let name = directive.name.value
        guard let definition else {
            context.error(.knownDirectives, "Unknown directive \"@\(name)\"." + DidYouMean.suffix(name, in: context.schema.directiveNames, sigil: "@"),
                          at: directive.range)
            return
        }
        guard !definition.locations.contains(location) else { return }
        let allowed = definition.locations.filter(Self.executableLocations.contains).map(\.rawValue)
        let hint = allowed.isEmpty ? "It is a schema directive." : "It is allowed on \(allowed.joined(separator: ", "))."
        context.error(.knownDirectives, "Directive \"@\(name)\" may not be used on \(location.rawValue).", at: directive.range, notes: [.init(hint)])
    }

    private static let executableLocations: Set<DirectiveLocation> = [
        .query, .mutation, .subscription, .field, .fragmentDefinition, .fragmentSpread, .inlineFragment, .variableDefinition,
    ]
}
