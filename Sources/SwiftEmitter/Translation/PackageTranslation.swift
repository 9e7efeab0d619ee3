import Diagnostics
import IR
import Parallel
import Project

/// Translation, the emitter's first step: one connector's IR and its `swiftSdk` entry to the
/// declarations of every file of the package (docs/generated-code.md, "How the emitter is built").
///
/// `init` makes every decision that can fail: the manifest, the client and the enums are
/// translated whole, and every top-level type name, every variable's and every selected field's
/// Swift type is settled, each problem reported where it is found. It is nil when there are
/// errors. Turning the rest into declarations cannot fail and happens per file, when the file
/// is rendered, so that a package's declarations are never all in memory at once.
struct PackageTranslation: Sendable {
    let context: EmitterContext
    let manifest: [Declaration]
    let client: [Declaration]
    let enums: [Declaration]
    let operations: [SwiftOperation]
    let classes: [OperationClassDeclarations]
    /// The file name (without `.swift`) of each operation's class, in `operations` order.
    let fileNames: [String]

    init?(_ sdk: SwiftSDKConfig, connector: IRConnector, in ir: IR, diagnostics: inout DiagnosticCollector) {
        // The validator has reported these operations' problems already.
        let invalid = connector.operations.filter(\.hasErrors).map { "'\($0.name)'" }
        guard invalid.isEmpty else {
            let names = invalid.joined(separator: ", ")
            diagnostics.append(Diagnostic(.error, .emitOperationsHaveErrors, "no Swift SDK for connector '\(connector.id)': operations \(names) have errors"))
            return nil
        }
        let errors = diagnostics.errorCount
        let operations = connector.operations.filter(\.hasSwiftAPI).map(SwiftOperation.init)
        let types = SwiftTypes(ir: ir, connector: connector, diagnostics: &diagnostics)
        let context = EmitterContext(connector: ConnectorIdentity(connector, of: ir), sdk: sdk, types: types)
        let client = ClientDeclarations.declarations(context, operations: operations, diagnostics: &diagnostics)
        let manifest = ManifestDeclarations.declarations(context, diagnostics: &diagnostics)
        let reserved = Self.topLevelNames(context, keys: types.keys, userEnums: types.enums, operations: operations, into: &diagnostics)
            .union(types.inputs.map(\.name))
        let planner = SelectionPlanner(
            types: types, keys: Dictionary(types.keys.map { ($0.table, $0) }, uniquingKeysWith: { first, _ in first }),
            reserved: reserved)
        // Planning the selections is most of translation, and the classes are independent: spread over the processors.
        let chunks = ChunkedWork.map(ChunkedWork.ranges(count: operations.count)) { range in
            var found = DiagnosticCollector()
            let classes = operations[range].map { Self.operationClass($0, context, planner: planner, diagnostics: &found) }
            return (classes: classes, diagnostics: found.diagnostics)
        }
        for chunk in chunks { diagnostics.append(contentsOf: chunk.diagnostics) }
        let classes = chunks.flatMap(\.classes)
        let enums = EnumDeclarations.section(userEnums: types.enums, usesFirebase: context.usesFirebase, diagnostics: &diagnostics)
        guard diagnostics.errorCount == errors, let client, let manifest, let enums else { return nil }
        self.context = context
        self.manifest = manifest
        self.client = client
        self.enums = enums
        self.operations = operations
        self.classes = classes
        fileNames = Self.fileNames(operations.map(\.className))
    }

    // MARK: Files

    /// `<Conn>Keys.swift`.
    var keys: [Declaration] { KeyDeclarations.declarations(context.types.keys) }

    /// `<Conn>Operations.swift`: the support types, the enums and the input types.
    var shared: [Declaration] { SupportDeclarations.all + enums + InputDeclarations.section(context.types.inputs) }

    /// The package's sources as one file: client, keys, shared types, then every class, each
    /// class translated when it is written.
    var sources: some Sequence<Declaration> {
        [AnySequence(client + keys + shared), AnySequence(classes.lazy.map(\.declaration))].joined()
    }

    // MARK: Decisions that can fail

    /// The operation's class with the Swift type of every variable and selected field.
    private static func operationClass(
        _ operation: SwiftOperation, _ context: EmitterContext, planner: SelectionPlanner, diagnostics: inout DiagnosticCollector
    ) -> OperationClassDeclarations {
        let variables = operation.variables.compactMap { variable -> VariablesDeclarations.Entry? in
            guard let base = context.types.inputBaseType(variable.type.namedType) else {
                diagnostics.append(Diagnostic(.error, .emitUnrepresentableType, """
                    variable '$\(variable.name)' of operation '\(operation.name)' has type '\(variable.type)', \
                    which the Swift SDK cannot represent
                    """))
                return nil
            }
            let type = variable.isRequired ? variable.type : variable.type.nullable
            return VariablesDeclarations.Entry(
                name: variable.name, escaped: SwiftIdentifier.escaped(variable.name),
                swiftType: SwiftTypeMapper.swiftType(type, base: base), isRequired: variable.isRequired,
                description: variable.description)
        }
        var unrepresentable: [IRField] = []
        let data = planner.plan(name: "Data", typeName: nil, fields: operation.ir.selection, enclosing: [], unrepresentable: &unrepresentable)
        for field in unrepresentable {
            diagnostics.append(Diagnostic(
                .error, .emitUnrepresentableType, "field '\(field.responseKey)' of operation '\(operation.name)' has type '\(field.type)', which has no Swift representation"))
        }
        return OperationClassDeclarations(context: context, operation: operation, variables: variables, data: data)
    }

    /// Claims every type the package declares at top level, reporting two owners of one name;
    /// returns the names no nested struct may take.
    private static func topLevelNames(
        _ context: EmitterContext, keys: [KeyStruct], userEnums: [IREnum], operations: [SwiftOperation],
        into diagnostics: inout DiagnosticCollector
    ) -> Set<String> {
        // Each owner with where it was declared, when that is an operation or the connector id.
        var owners: [String: (owner: String, span: SourceSpan?)] = [context.connectorClass: ("the connector class", context.connector.connectorIdSpan)]
        for builtin in BuiltinEnum.all { owners[builtin.swiftName] = ("the built-in enum \(builtin.graphQLName)", nil) }
        func claim(_ name: String, by owner: String, at span: SourceSpan? = nil) {
            if let existing = owners[name] {
                let notes = existing.span.map { [Diagnostic.Note("\(existing.owner) is declared here", span: $0)] } ?? []
                diagnostics.append(Diagnostic(.error, .emitTypeNameClash, "\(owner) and \(existing.owner) would both be generated as Swift type '\(name)'",
                                              span: span ?? existing.span, notes: span == nil ? [] : notes))
            } else {
                owners[name] = (owner, span)
            }
        }
        for key in keys { claim(key.name, by: "the key of table '\(key.table)'") }
        for userEnum in userEnums { claim(userEnum.name, by: "enum '\(userEnum.name)'") }
        for operation in operations { claim(operation.className, by: "\(operation.kind.rawValue) '\(operation.name)'", at: operation.span) }
        return SelectionPlanner.referencedTypes.union(owners.keys)
    }

    /// File names for the classes: the class name, made unique ignoring case (macOS and Windows
    /// file systems do not tell `ListAQuery` from `ListaQuery`) by a numeric suffix.
    static func fileNames(_ classNames: [String]) -> [String] {
        var used = Set<String>(minimumCapacity: classNames.count)
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
}
