import Diagnostics
import GraphQL
import Schema

/// Spec 5.8.5: a variable fits where it is used (a nullable one a non-null position only if it or the position has a default).
final class VariablesInAllowedPositionRule: ValidationRule {
    let hooks: ValidationHooks = [.leaveDocument]

    func leaveDocument(_ context: ValidationContext) {
        for entry in context.operations {
            let definitions = entry.operation.variableDefinitions
            let declared = definitions.map(\.variable.name.value)
            let types = definitions.map { TypeRef($0.type) }
            for usage in context.recursiveVariableUsages(of: entry.scope) {
                guard let expected = usage.expectedType, let position = declared.firstIndex(of: usage.variable.name.value) else { continue }
                let (definition, variableType) = (definitions[position], types[position])
                // Allowed is the usual answer, and needs no lookup.
                guard !allowed(variableType, definition, expected, usage.locationHasDefault),
                      context.type(named: variableType.namedType) != nil else { continue }
                context.file = usage.file
                context.error(.variablesInAllowedPosition, "Variable \"$\(usage.variable.name.value)\" of type \"\(variableType)\" used in position expecting type \"\(expected)\".",
                              at: usage.variable.range,
                              notes: [.init("The variable is declared here.", span: SourceSpan(file: entry.file, range: definition.range))])
            }
        }
    }

    private func allowed(_ variableType: TypeRef, _ definition: VariableDefinition, _ expected: TypeRef,
                         _ locationHasDefault: Bool) -> Bool {
        if case .nonNull(let inner) = expected, !variableType.isNonNull {
            var hasDefault = locationHasDefault
            if let value = definition.defaultValue, case .null = value {} else if definition.defaultValue != nil { hasDefault = true }
            return hasDefault && isSubtype(variableType, of: inner)
        }
        return isSubtype(variableType, of: expected)
    }

    /// GraphQL's `IsTypeSubTypeOf` restricted to input types, where only identical named types match.
    private func isSubtype(_ sub: TypeRef, of sup: TypeRef) -> Bool {
        switch (sub, sup) {
        case (.nonNull(let inner), .nonNull(let superInner)): return isSubtype(inner, of: superInner)
        case (_, .nonNull): return false
        case (.nonNull(let inner), _): return isSubtype(inner, of: sup)
        case (.list(let inner), .list(let superInner)): return isSubtype(inner, of: superInner)
        case (.list, _), (_, .list): return false
        case (.named(let name), .named(let superName)): return name == superName
        }
    }
}
