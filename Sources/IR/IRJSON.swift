import Diagnostics
import GraphQL

/// The JSON form of the IR printed by `sdkgen validate --json` (documented in docs/ir-json.md).
///
/// Key names follow the corpus oracle's `oracle.json` so both compare directly; the output is
/// deterministic: connectors, operations, variables and fields keep source order, object keys a
/// fixed order.
public enum IRJSON {
    /// The IR and every diagnostic as JSON text. Paths are shown relative to `baseDirectory`
    /// (when given and the file lies inside it).
    public static func encode(_ ir: IR, diagnostics: [Diagnostic], relativeTo baseDirectory: String? = nil) -> String {
        let encoder = Encoder(base: baseDirectory)
        return JSONValue.object([
            ("service_id", .string(ir.serviceId)),
            ("location", .optional(ir.location)),
            ("connectors", .array(ir.connectors.map(encoder.connector))),
            ("enums", .array(ir.enums.map(encoder.enumType))),
            ("key_types", .array(ir.keyTypes.map(encoder.keyType))),
            ("diagnostics", .array(DiagnosticCollector.ordered(diagnostics).map(encoder.diagnostic))),
        ]).rendered()
    }

    private struct Encoder {
        var base: String?

        func path(_ file: SourceFile) -> String {
            guard let base else { return file.path }
            let prefix = base.hasSuffix("/") ? base : base + "/"
            return file.path.hasPrefix(prefix) ? String(file.path.dropFirst(prefix.count)) : file.path
        }

        func connector(_ connector: IRConnector) -> JSONValue {
            .object([
                ("connector_id", .string(connector.id)),
                ("operations", .array(connector.operations.map(operation))),
                ("input_types", .array(connector.inputTypes.map(inputType))),
                ("diagnostics", .array(DiagnosticCollector.ordered(connector.diagnostics).map(diagnostic))),
            ])
        }

        func operation(_ operation: IROperation) -> JSONValue {
            .object([
                ("name", .string(operation.name)),
                ("kind", .string(operation.kind.rawValue)),
                ("file", .string(path(operation.file))),
                ("line", .int(operation.range.start.line)),
                ("description", .optional(operation.description)),
                ("directives", .array(operation.directives.map(directive))),
                ("auth", operation.auth.map(auth) ?? .null),
                ("transaction", .bool(operation.isTransaction)),
                ("retired", .bool(operation.isRetired)),
                ("refresh", .array(operation.refresh.map(refresh))),
                ("variables", .array(operation.variables.map(variable))),
                ("fragments_used", .array(operation.fragmentsUsed.map { .string($0) })),
                ("selection", .array(operation.selection.map(field))),
                ("diagnostics", .array(DiagnosticCollector.ordered(operation.diagnostics).map(diagnostic))),
            ])
        }

        func directive(_ directive: IRDirective) -> JSONValue {
            .object([
                ("name", .string(directive.name)),
                ("args", .array(directive.arguments.map { .object([("name", .string($0.name)), ("value", .string($0.text))]) })),
            ])
        }

        func auth(_ auth: IRAuth) -> JSONValue {
            .object([
                ("level", .optional(auth.level)),
                ("expr", .optional(auth.expression)),
                ("insecure_reason", .optional(auth.insecureReason)),
            ])
        }

        func refresh(_ refresh: IRRefresh) -> JSONValue {
            .object([
                ("every", .object(refresh.every.map { ($0.unit, .int($0.amount)) })),
                ("on_mutation_executed", .array(refresh.onMutationExecuted.map {
                    .object([("operation", .string($0.operation)), ("condition", .optional($0.condition))])
                })),
            ])
        }

        func variable(_ variable: IRVariable) -> JSONValue {
            .object([
                ("name", .string(variable.name)),
                ("type", .string(variable.type.description)),
                ("default", .optional(variable.defaultText)),
                ("line", .int(variable.range.start.line)),
                ("description", .optional(variable.description)),
                ("directives", .array(variable.directives.map(directive))),
            ])
        }

        func field(_ field: IRField) -> JSONValue {
            var members: [(String, JSONValue)] = [
                ("response_key", .string(field.responseKey)),
                ("field", .string(field.name)),
                ("parent_type", .string(field.parentType)),
                ("type", .string(field.type.description)),
                ("table", .optional(field.table)),
                ("key_field", .bool(field.isKeyField)),
                ("arguments", .array(field.arguments.map { .string($0.name) })),
                ("argument_values", .array(field.arguments.map { .object([("name", .string($0.name)), ("value", .string($0.text))]) })),
                ("directives", .array(field.directives.map(directive))),
                ("redacted", .bool(field.isRedacted)),
                ("retired", .bool(field.isRetired)),
                ("conditional", .bool(field.isConditional)),
            ]
            if field.mergedOccurrences > 1 { members.append(("merged_occurrences", .int(field.mergedOccurrences))) }
            members.append(("children", .array(field.children.map(self.field))))
            return .object(members)
        }

        func enumType(_ type: IREnum) -> JSONValue {
            .object([
                ("name", .string(type.name)),
                ("description", .optional(type.description)),
                ("values", .array(type.values.map { .object([("name", .string($0.name)), ("description", .optional($0.description))]) })),
            ])
        }

        func keyType(_ key: IRKeyType) -> JSONValue {
            .object([
                ("table", .string(key.table)),
                ("input_type", .string(key.inputType)),
                ("output_type", .string(key.outputType)),
                ("fields", .array(key.fields.map { .object([("name", .string($0.name)), ("type", .string($0.type.description))]) })),
            ])
        }

        func inputType(_ type: IRInputType) -> JSONValue {
            .object([
                ("name", .string(type.name)),
                ("description", .optional(type.description)),
                ("fields", .array(type.fields.map {
                    .object([
                        ("name", .string($0.name)),
                        ("type", .string($0.type.description)),
                        ("default", .optional($0.defaultText)),
                        ("forbidden_in_variables", .bool($0.isForbiddenInVariables)),
                        ("description", .optional($0.description)),
                    ])
                })),
            ])
        }

        func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
            var members: [(String, JSONValue)] = [
                ("id", .string(diagnostic.id.rawValue)),
                ("severity", .string(diagnostic.severity.rawValue)),
                ("message", .string(diagnostic.message)),
                ("file", diagnostic.span.map { .string(path($0.file)) } ?? .null),
                ("line", diagnostic.span?.range.map { .int($0.start.line) } ?? .null),
                ("column", diagnostic.span?.range.map { .int($0.start.column) } ?? .null),
            ]
            if !diagnostic.notes.isEmpty {
                members.append(("notes", .array(diagnostic.notes.map { note in
                    .object([
                        ("message", .string(note.message)),
                        ("file", note.span.map { .string(path($0.file)) } ?? .null),
                        ("line", note.span?.range.map { .int($0.start.line) } ?? .null),
                    ])
                })))
            }
            return .object(members)
        }
    }
}
