import Diagnostics
import GraphQL
import Schema

/// Spec 5.8.5: a variable is only used where its type fits (a nullable variable fits a non-null
/// position only when it or the position has a default).
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
                guard context.hasType(variableType.namedType),
                      !allowed(variableType, definition, expected, usage.locationHasDefault, context.schema) else { continue }
                context.file = usage.file
                context.error(.variablesInAllowedPosition, "Variable \"$\(usage.variable.name.value)\" of type \"\(variableType)\" used in position expecting type \"\(expected)\".",
                              at: usage.variable.range,
                              notes: [.init("The variable is declared here.", span: SourceSpan(file: entry.file, range: definition.range))])
            }
        }
    }

    private func allowed(_ variableType: TypeRef, _ definition: VariableDefinition, _ expected: TypeRef,
                         _ locationHasDefault: Bool, _ schema: Schema) -> Bool {
        if case .nonNull(let inner) = expected, !variableType.isNonNull {
            var hasDefault = locationHasDefault
            if let value = definition.defaultValue, case .null = value {} else if definition.defaultValue != nil { hasDefault = true }
            return hasDefault && schema.isSubtype(variableType, of: inner)
        }
        return schema.isSubtype(variableType, of: expected)
    }
}
