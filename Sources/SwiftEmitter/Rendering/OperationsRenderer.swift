import Diagnostics

/// `<Conn>Operations.swift`: the enum section, then one class per operation (spec §6).
///
/// Rendering is split so that the caller can spread it over processors: `init` writes the
/// shared head and decides every name, `renderClasses(_:)` renders any range of operations
/// independently, and `text(_:)` joins the ranges in order.
struct OperationsRenderer: Sendable {
    let context: EmitterContext
    let operations: [OperationModel]
    private let head: SwiftWriter
    private let planner: SelectionPlanner
    private let cache: RenderCache?
    private let cacheContext: RenderCache.Context
    private let cached: [OperationModel: RenderCache.Rendered]

    init(_ context: EmitterContext, userEnums: [UserEnum], keys: [KeyStruct], operations: [OperationModel], cache: RenderCache?) {
        self.context = context
        self.operations = operations
        self.cache = cache
        var writer = SwiftWriter()
        context.writePreamble(into: &writer)
        EnumRenderer.write(userEnums: userEnums, into: &writer)
        let inputs = InputStruct.reachable(from: operations, in: context.schema)
        InputStructRenderer.write(inputs, into: &writer)
        head = writer
        let reserved = SelectionPlanner.referencedTypes.union(inputs.map(\.name))
            .union(keys.map(\.name)).union(userEnums.map(\.name)).union(BuiltinEnum.all.map(\.swiftName))
            .union(operations.map(\.summary.className)).union([context.connectorClass])
        planner = SelectionPlanner(
            schema: context.schema, keys: Dictionary(keys.map { ($0.table, $0) }, uniquingKeysWith: { first, _ in first }),
            reserved: reserved)
        cacheContext = RenderCache.Context(connector: context.connector, options: context.options, reserved: reserved)
        cached = cache?.entries(in: cacheContext) ?? [:]
    }

    /// The classes of `operations[range]`, from the cache where it has them.
    func renderClasses(_ range: Range<Int>) -> [RenderCache.Rendered] {
        operations[range].map { cached[$0] ?? renderClass($0) }
    }

    /// The file from the classes of consecutive ranges covering every operation, with the
    /// diagnostics found while rendering them; refreshes the cache. Takes the classes over (and
    /// empties `classes`), so that without a cache each class is freed once it is copied.
    func text(_ classes: inout [[RenderCache.Rendered]]) -> (text: String, diagnostics: [Diagnostic]) {
        var all: [RenderCache.Rendered] = []
        all.reserveCapacity(operations.count)
        for chunk in classes { all += chunk }
        classes = []
        let diagnostics = all.flatMap(\.diagnostics)
        if let cache {
            cache.replace(with: Dictionary(zip(operations, all), uniquingKeysWith: { first, _ in first }), in: cacheContext)
        }
        var writers = all.map(\.writer)
        all = []
        return (SwiftWriter.text(head, blankSeparated: &writers), diagnostics)
    }

    /// One operation class, with the problems found while planning its types.
    private func renderClass(_ operation: OperationModel) -> RenderCache.Rendered {
        var writer = SwiftWriter()
        var diagnostics = DiagnosticCollector()
        let variables = Self.variableEntries(operation, context: context, diagnostics: &diagnostics)
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
