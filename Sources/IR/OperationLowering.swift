import Diagnostics
import GraphQL
import Schema

/// Lowers an operation's header: description, directives (`@auth`, `@refresh`, `@transaction` parsed) and
/// variables; the selection is `SelectionLowering`'s, the rows named by key `KeyedRowReader`'s.
enum OperationLowering {
    /// The operation without diagnostics; validation's are attached to it afterwards.
    static func lower(
        _ operation: OperationDefinition, name: String, file: SourceFile, lowering: SelectionLowering, rows: KeyedRowReader
    ) -> IROperation {
        let directives = operation.directives.map(DirectiveLowering.lower)
        let variables = operation.variableDefinitions.map { definition in
            IRVariable(
                name: definition.variable.name.value, type: TypeRef(definition.type), defaultValue: definition.defaultValue,
                description: definition.description?.value,
                directives: definition.directives.map(DirectiveLowering.lower),
                isRetired: definition.directives.contains { $0.name.value == BuiltinName.retired }, range: definition.range)
        }
        let root = operation.operation == .mutation ? Schema.mutationTypeName : Schema.queryTypeName
        let (selection, fragmentsUsed) = lowering.lower(operation.selectionSet, parentType: root, file: file)
        return IROperation(
            name: name, kind: operation.operation,
            description: operation.description?.value,
            file: file, range: operation.range, nameRange: operation.name?.range ?? operation.range, directives: directives,
            auth: operation.directives.first { $0.name.value == BuiltinName.auth }.map(DirectiveLowering.auth),
            refresh: operation.directives.filter { $0.name.value == BuiltinName.refresh }.map(DirectiveLowering.refresh),
            isTransaction: operation.directives.contains { $0.name.value == BuiltinName.transaction },
            isRetired: operation.directives.contains { $0.name.value == BuiltinName.retired },
            variables: variables, fragmentsUsed: fragmentsUsed, selection: selection,
            keyedRows: rows.rows(of: operation.operation, selection: selection), diagnostics: [])
    }
}

/// Parses operation directives into their IR form.
enum DirectiveLowering {
    static func lower(_ directive: Directive) -> IRDirective {
        IRDirective(name: directive.name.value, arguments: directive.arguments.map {
            IRArgument(name: $0.name.value, value: $0.value)
        })
    }

    static func auth(_ directive: Directive) -> IRAuth {
        var auth = IRAuth()
        for argument in directive.arguments {
            switch (argument.name.value, argument.value) {
            case ("level", .enumValue(let value)): auth.level = value.value
            case ("expr", .string(let value)): auth.expression = value.value
            case ("insecureReason", .string(let value)): auth.insecureReason = value.value
            default: break
            }
        }
        return auth
    }

    static func refresh(_ directive: Directive) -> IRRefresh {
        var refresh = IRRefresh(every: [], onMutationExecuted: [])
        for argument in directive.arguments {
            switch (argument.name.value, argument.value) {
            case ("every", .object(let object)):
                for field in object.fields {
                    if case .int(let int) = field.value, let amount = Int(int.text) {
                        refresh.every.append(IRDurationPart(unit: field.name.value, amount: amount))
                    }
                }
            case ("onMutationExecuted", .list(let list)):
                refresh.onMutationExecuted += list.values.compactMap(event)
            case ("onMutationExecuted", let value):
                refresh.onMutationExecuted += [event(value)].compactMap { $0 }
            default: break
            }
        }
        return refresh
    }

    private static func event(_ value: Value) -> IRMutationEvent? {
        guard case .object(let object) = value else { return nil }
        var operation: String?
        var condition: String?
        for field in object.fields {
            switch (field.name.value, field.value) {
            case ("operation", .string(let text)): operation = text.value
            case ("condition", .string(let text)): condition = text.value
            default: break
            }
        }
        return operation.map { IRMutationEvent(operation: $0, condition: condition) }
    }
}
