import Diagnostics

/// `<Conn>Operations.swift`: the enum section, then one class per operation (spec §6).
enum OperationsRenderer {
    static func render(
        _ context: EmitterContext, userEnums: [UserEnum], keys: [KeyStruct], operations: [OperationModel],
        cache: RenderCache?, diagnostics: inout DiagnosticCollector
    ) -> String {
        var writer = SwiftWriter()
        context.writePreamble(into: &writer)
        EnumRenderer.write(userEnums: userEnums, into: &writer)
        let inputs = InputStruct.reachable(from: operations, in: context.schema)
        InputStructRenderer.write(inputs, into: &writer)
        let reserved = SelectionPlanner.referencedTypes.union(inputs.map(\.name))
            .union(keys.map(\.name)).union(userEnums.map(\.name)).union(BuiltinEnum.all.map(\.swiftName))
            .union(operations.map(\.summary.className)).union([context.connectorClass])
        let planner = SelectionPlanner(
            schema: context.schema, keys: Dictionary(keys.map { ($0.table, $0) }, uniquingKeysWith: { first, _ in first }),
            reserved: reserved)
        let cacheContext = RenderCache.Context(connector: context.connector, options: context.options, reserved: reserved)
        let cached = cache?.entries(in: cacheContext) ?? [:]
        // Operation classes are independent of each other: large connectors render them in parallel.
        let chunks = ChunkedWork.map(count: operations.count) { range in
            var chunk: [RenderCache.Rendered] = []
            for operation in operations[range] {
                chunk.append(cached[operation] ?? renderClass(operation, context: context, planner: planner))
            }
            return chunk
        }
        var rendered: [OperationModel: RenderCache.Rendered] = [:]
        for (operation, result) in zip(operations, chunks.joined()) {
            writer.blank()
            writer.append(result.writer)
            diagnostics.append(contentsOf: result.diagnostics)
            if cache != nil { rendered[operation] = result }
        }
        cache?.replace(with: rendered, in: cacheContext)
        return writer.text
    }

    /// One operation class, with the problems found while planning its types.
    private static func renderClass(
        _ operation: OperationModel, context: EmitterContext, planner: SelectionPlanner
    ) -> RenderCache.Rendered {
        var writer = SwiftWriter()
        var diagnostics = DiagnosticCollector()
        let variables = variableEntries(operation, context: context, diagnostics: &diagnostics)
        let data = planner.plan(name: "Data", typeName: nil, fields: operation.selections, enclosing: [],
                                diagnostics: &diagnostics, operation: operation.name)
        OperationClassRenderer(context: context, operation: operation, variables: variables, data: data)
            .write(into: &writer)
        return RenderCache.Rendered(writer: writer, diagnostics: diagnostics.diagnostics)
    }

    private static func variableEntries(
        _ operation: OperationModel, context: EmitterContext, diagnostics: inout DiagnosticCollector
    ) -> [VariablesRenderer.Entry] {
        operation.variables.compactMap { variable in
            guard let base = InputStruct.baseType(variable.type.namedType, in: context.schema) else {
                diagnostics.append(Diagnostic(
                    .error, """
                    variable '$\(variable.name)' of operation '\(operation.name)' has type '\(variable.type)', \
                    which the Swift SDK cannot represent
                    """))
                return nil
            }
            let type = variable.isRequired ? variable.type : variable.type.nullable
            return VariablesRenderer.Entry(
                name: variable.name, escaped: SwiftIdentifier.escaped(variable.name),
                swiftType: SwiftTypeMapper.swiftType(type, base: base), isRequired: variable.isRequired,
                description: variable.description)
        }
    }
}
