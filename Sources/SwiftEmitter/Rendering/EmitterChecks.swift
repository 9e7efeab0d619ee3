import Diagnostics
import IR
import Parallel

/// Inputs that would make the generated package fail to build, reported before rendering.
enum EmitterChecks {
    static func check(
        _ context: EmitterContext, keys: [KeyStruct], userEnums: [UserEnum], operations: [SwiftOperation],
        into diagnostics: inout DiagnosticCollector
    ) {
        checkConfiguration(context, into: &diagnostics)
        checkTopLevelNames(context, keys: keys, userEnums: userEnums, operations: operations, into: &diagnostics)
        // Spread over the processors: a connector may have thousands of operations, and nothing
        // renders until this walk is done.
        let typeProblems = ChunkedWork.map(count: operations.count) { range in
            var found = DiagnosticCollector()
            for operation in operations[range] { checkTypes(of: operation, context, into: &found) }
            return found.diagnostics
        }
        for problems in typeProblems { diagnostics.append(contentsOf: problems) }
        for userEnum in userEnums where SelectionPlanner.referencedTypes.contains(userEnum.name) {
            diagnostics.append(Diagnostic(
                .error, "enum '\(userEnum.name)' would hide the Swift type '\(userEnum.name)' that the generated code uses; rename the enum",
                span: userEnum.span))
        }
        for userEnum in userEnums where !context.usesFirebase && RefreshDeclarations.runtimeTypes.contains(userEnum.name) {
            diagnostics.append(Diagnostic(
                .error, "enum '\(userEnum.name)' would hide the SDKGenDataConnect type '\(userEnum.name)' that the generated code uses; rename the enum",
                span: userEnum.span))
        }
        for userEnum in userEnums {
            for value in userEnum.values where value.name == UserEnum.unknownCase {
                diagnostics.append(Diagnostic(
                    .error, "enum '\(userEnum.name)' has a value named '\(UserEnum.unknownCase)', which the Swift SDK uses for unknown values",
                    span: value.span))
            }
        }
    }

    private static func checkConfiguration(_ context: EmitterContext, into diagnostics: inout DiagnosticCollector) {
        let connectorId = context.connector.connectorId
        if !SwiftIdentifier.isValid(context.connectorClass) || !SwiftIdentifier.isValid(context.connectorAccessor) {
            diagnostics.append(Diagnostic(
                .error, "connector id '\(connectorId)' does not form a Swift type name (got '\(context.connectorClass)')",
                span: context.connector.connectorIdSpan))
        }
        if context.connector.serviceId.isEmpty || context.connector.location.isEmpty {
            diagnostics.append(Diagnostic(.error, "dataconnect.yaml needs a serviceId and a location for the Swift SDK"))
        }
        let package = context.sdk.package
        if !isValidPackageName(package) {
            diagnostics.append(Diagnostic(
                .error, "swiftSdk package '\(package)' is not a valid package name: use letters, digits and '_', not starting with a digit, and no Swift keyword",
                span: context.sdk.packageSpan))
        }
        if let maxAge = context.sdk.clientCache?.maxAge, !(maxAge.isFinite && maxAge >= 0) {
            diagnostics.append(Diagnostic(.error, "clientCache maxAge must be a duration of zero or more seconds"))
        }
        let identity = ManifestDeclarations.packageIdentity(context.runtime)
        switch context.runtime {
        case .portablePath(let path) where path.isEmpty:
            diagnostics.append(Diagnostic(.error, "the SDKGenDataConnect runtime path is empty"))
        case .portableURL(let url, let version) where url.isEmpty || version.isEmpty || identity.isEmpty:
            diagnostics.append(Diagnostic(.error, "the SDKGenDataConnect runtime needs both a URL and a version"))
        default: break
        }
    }

    /// Package names become folder, product and module names, and apps `import` the module: a
    /// plain identifier that is no keyword.
    static func isValidPackageName(_ name: String) -> Bool {
        SwiftIdentifier.isValid(name) && !SwiftIdentifier.isReserved(name)
    }

    /// Every type the package declares at top level must be unique.
    private static func checkTopLevelNames(
        _ context: EmitterContext, keys: [KeyStruct], userEnums: [UserEnum], operations: [SwiftOperation],
        into diagnostics: inout DiagnosticCollector
    ) {
        // Each owner with where it was declared, when that is an operation or the connector id.
        var owners: [String: (owner: String, span: SourceSpan?)] = [context.connectorClass: ("the connector class", context.connector.connectorIdSpan)]
        for builtin in BuiltinEnum.all { owners[builtin.swiftName] = ("the built-in enum \(builtin.graphQLName)", nil) }
        func claim(_ name: String, by owner: String, at span: SourceSpan? = nil) {
            if let existing = owners[name] {
                let notes = existing.span.map { [Diagnostic.Note("\(existing.owner) is declared here", span: $0)] } ?? []
                diagnostics.append(Diagnostic(.error, "\(owner) and \(existing.owner) would both be generated as Swift type '\(name)'",
                                              span: span ?? existing.span, notes: span == nil ? [] : notes))
            } else {
                owners[name] = (owner, span)
            }
        }
        for key in keys { claim(key.name, by: "the key of table '\(key.table)'") }
        for userEnum in userEnums { claim(userEnum.name, by: "enum '\(userEnum.name)'") }
        for operation in operations { claim(operation.className, by: "\(operation.kind.rawValue) '\(operation.name)'", at: operation.span) }
    }

    /// Every variable and selected field needs a Swift type; validation makes that so for any
    /// schema Data Connect accepts, and this keeps the rendering that follows from guessing.
    private static func checkTypes(of operation: SwiftOperation, _ context: EmitterContext, into diagnostics: inout DiagnosticCollector) {
        for variable in operation.variables where InputStruct.baseType(variable.type.namedType, in: context.schema) == nil {
            diagnostics.append(Diagnostic(
                .error, """
                variable '$\(variable.name)' of operation '\(operation.name)' has type '\(variable.type)', \
                which the Swift SDK cannot represent
                """))
        }
        func check(_ fields: [IRField]) {
            for field in fields where field.isEmitted {
                if context.schema.isCompositeType(field.type.namedType) {
                    check(field.children)
                } else if SwiftTypeMapper.baseType(forNamed: field.type.namedType, in: context.schema) == nil {
                    diagnostics.append(Diagnostic(
                        .error, "field '\(field.responseKey)' of operation '\(operation.name)' has type '\(field.type)', which has no Swift representation"))
                }
            }
        }
        check(operation.ir.selection)
    }
}
