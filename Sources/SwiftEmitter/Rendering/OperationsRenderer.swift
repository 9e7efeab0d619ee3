import Diagnostics

/// `<Conn>Operations.swift` (the enum section and the input types, spec §6) and one file per
/// operation class (`Operations/<Class>.swift`).
///
/// Firebase writes every class into `<Conn>Operations.swift`. The Swift compiler's time grows
/// faster than linearly with the size of a file: a 20-table connector (100 operations) built in
/// 36 s as one file and in 15 s as one file per class, and a 200-table one as one file did not
/// finish in 15 minutes (15 GB of memory). The types and their API are the same either way.
///
/// Rendering is split so that the caller can spread it over processors: `init` decides every name
/// (`fileNames`), `writeShared()` writes the shared file and `renderClass(at:)` any of the
/// operations independently, and `remember(_:)` refreshes the cache with all of them.
struct OperationsRenderer: Sendable {
    let context: EmitterContext
    let operations: [OperationModel]
    private let userEnums: [UserEnum]
    /// The input types the operations' variables reach, written into the shared file.
    private let inputs: [InputStruct]
    private let planner: SelectionPlanner
    private let cache: RenderCache?
    private let cacheContext: RenderCache.Context
    private let cached: [OperationModel: RenderCache.Rendered]
    /// The file name (without `.swift`) of each operation's class, in `operations` order.
    let fileNames: [String]

    init(_ context: EmitterContext, userEnums: [UserEnum], keys: [KeyStruct], operations: [OperationModel], cache: RenderCache?) {
        self.context = context
        self.operations = operations
        self.cache = cache
        self.userEnums = userEnums
        let inputs = InputStruct.reachable(from: operations, in: context.schema)
        self.inputs = inputs
        let reserved = SelectionPlanner.referencedTypes.union(inputs.map(\.name))
            .union(keys.map(\.name)).union(userEnums.map(\.name)).union(BuiltinEnum.all.map(\.swiftName))
            .union(operations.map(\.summary.className)).union([context.connectorClass])
        planner = SelectionPlanner(
            schema: context.schema, keys: Dictionary(keys.map { ($0.table, $0) }, uniquingKeysWith: { first, _ in first }),
            reserved: reserved)
        cacheContext = RenderCache.Context(connector: context.connector, options: context.options, reserved: reserved)
        cached = cache?.entries(in: cacheContext) ?? [:]
        fileNames = Self.fileNames(operations.map(\.summary.className))
    }

    /// The class of `operations[index]`, from the cache where it has it.
    func renderClass(at index: Int) -> RenderCache.Rendered {
        if let kept = cached[operations[index]] { return kept }
        let (writer, diagnostics) = writeClass(at: index)
        return RenderCache.Rendered(text: writer.text, diagnostics: diagnostics)
    }

    /// `<Conn>Operations.swift`.
    func writeShared() -> SwiftWriter {
        var writer = SwiftWriter()
        context.writePreamble(into: &writer)
        SupportTypesRenderer.write(into: &writer)
        EnumRenderer.write(userEnums: userEnums, into: &writer)
        InputStructRenderer.write(inputs, into: &writer)
        return writer
    }

    /// Refreshes the cache with the classes of every operation, in order.
    func remember(_ classes: [RenderCache.Rendered]) {
        cache?.replace(with: Dictionary(zip(operations, classes), uniquingKeysWith: { first, _ in first }), in: cacheContext)
    }

    /// File names for the classes: the class name, made unique ignoring case (macOS and Windows
    /// file systems do not tell `ListAQuery` from `ListaQuery`) by a numeric suffix.
    static func fileNames(_ classNames: [String]) -> [String] {
        var used: Set<String> = []
        return classNames.map { className in
            var name = className
            var counter = 2
            while !used.insert(name.lowercased()).inserted {
                name = className + "_" + String(counter)
                counter += 1
            }
            return name
        }
    }

    /// The class of `operations[index]`, rendered afresh, with the problems found while planning its types.
    func writeClass(at index: Int) -> (writer: SwiftWriter, diagnostics: [Diagnostic]) {
        let operation = operations[index]
        var writer = SwiftWriter()
        context.writePreamble(into: &writer)
        var diagnostics = DiagnosticCollector()
        let variables = Self.variableEntries(operation, context: context, diagnostics: &diagnostics)
        let data = planner.plan(name: "Data", typeName: nil, fields: operation.selections, enclosing: [],
                                diagnostics: &diagnostics, operation: operation.name)
        OperationClassRenderer(context: context, operation: operation, variables: variables, data: data)
            .write(into: &writer)
        return (writer, diagnostics.diagnostics)
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
