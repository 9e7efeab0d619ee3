/// `<Conn>Operations.swift` (the enum section and the input types) and one file per
/// operation class (`Operations/<Class>.swift`).
///
/// Firebase writes every class into `<Conn>Operations.swift`. The Swift compiler's time grows
/// faster than linearly with the size of a file: a 20-table connector (100 operations) built in
/// 36 s as one file and in 15 s as one file per class, and a 200-table one as one file did not
/// finish in 15 minutes (15 GB of memory). The types and their API are the same either way.
///
/// `init` decides every name (`fileNames`); then the shared file and each class render
/// independently, so the caller can spread them over processors.
struct OperationsRenderer: Sendable {
    let context: EmitterContext
    let operations: [SwiftOperation]
    private let userEnums: [UserEnum]
    /// The input types the operations' variables reach, written into the shared file.
    private let inputs: [InputStruct]
    private let planner: SelectionPlanner
    /// The file name (without `.swift`) of each operation's class, in `operations` order.
    let fileNames: [String]

    init(_ context: EmitterContext, userEnums: [UserEnum], keys: [KeyStruct], operations: [SwiftOperation]) {
        self.context = context
        self.operations = operations
        self.userEnums = userEnums
        let inputs = InputStruct.reachable(from: operations, in: context.schema)
        self.inputs = inputs
        let reserved = SelectionPlanner.referencedTypes.union(inputs.map(\.name))
            .union(keys.map(\.name)).union(userEnums.map(\.name)).union(BuiltinEnum.all.map(\.swiftName))
            .union(operations.map(\.className)).union([context.connectorClass])
        planner = SelectionPlanner(
            schema: context.schema, keys: Dictionary(keys.map { ($0.table, $0) }, uniquingKeysWith: { first, _ in first }),
            reserved: reserved)
        fileNames = Self.fileNames(operations.map(\.className))
    }

    /// `<Conn>Operations.swift`.
    func renderShared() -> String {
        var writer = SwiftWriter(capacity: 16_384)
        context.writePreamble(into: &writer)
        writeShared(into: &writer)
        return writer.text
    }

    /// The declarations of `<Conn>Operations.swift`, without the preamble.
    func writeShared(into writer: inout SwiftWriter) {
        SwiftRenderer.write(SupportDeclarations.all, into: &writer)
        SwiftRenderer.write(EnumDeclarations.section(userEnums: userEnums), into: &writer)
        SwiftRenderer.write(InputDeclarations.section(inputs), into: &writer)
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

    /// The class of `operations[index]`.
    func renderClass(at index: Int) -> String {
        var writer = SwiftWriter(capacity: 16_384)
        context.writePreamble(into: &writer)
        writeClass(at: index, into: &writer)
        return writer.text
    }

    /// The class of `operations[index]`, without the preamble.
    func writeClass(at index: Int, into writer: inout SwiftWriter) {
        let operation = operations[index]
        let variables = Self.variableEntries(operation, context: context)
        let data = planner.plan(name: "Data", typeName: nil, fields: operation.ir.selection, enclosing: [])
        SwiftRenderer.write(OperationClassDeclarations(context: context, operation: operation, variables: variables, data: data)
            .declaration, into: &writer)
    }

    private static func variableEntries(_ operation: SwiftOperation, context: EmitterContext) -> [VariablesDeclarations.Entry] {
        operation.variables.compactMap { variable in
            // EmitterChecks reports a variable without a Swift type.
            guard let base = InputStruct.baseType(variable.type.namedType, in: context.schema) else { return nil }
            let type = variable.isRequired ? variable.type : variable.type.nullable
            return VariablesDeclarations.Entry(
                name: variable.name, escaped: SwiftIdentifier.escaped(variable.name),
                swiftType: SwiftTypeMapper.swiftType(type, base: base), isRequired: variable.isRequired,
                description: variable.description)
        }
    }
}
