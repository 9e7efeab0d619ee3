import GraphQL

/// Spec 5.7.3: a non-repeatable directive appears at most once per node.
final class UniqueDirectivesPerLocationRule: ValidationRule {
    let hooks: ValidationHooks = [.directives]

    func enterDirectives(_ directives: [Directive], location: DirectiveLocation, _ context: ValidationContext) {
        var seen = Set<String>(minimumCapacity: directives.count)
        for directive in directives {
            let name = directive.name.value
            guard let definition = context.schema.directive(named: name), !definition.isRepeatable else { continue }
            if !seen.insert(name).inserted {
                context.error(.uniqueDirectivesPerLocation, "The directive \"@\(name)\" can only be used once at this location.", at: directive.range)
            }
        }
    }
}
