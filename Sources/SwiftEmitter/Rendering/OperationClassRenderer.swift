/// One operation class (docs/generated-code.md, "Operation classes").
final class OperationClassRenderer {
    let context: EmitterContext
    let operation: SwiftOperation
    let variables: [VariablesRenderer.Entry]
    let data: SelectionPlan
    /// `QueryRef<…Data, …Variables>` (or `MutationRef`), written four times per class.
    private let refType: String
    // Worked out once: `ref` and `execute` write the same parameters and the same construction
    // of the variables.
    private let hasOptional: Bool
    /// `name: Type` of each required variable.
    private let requiredParameters: [String]
    /// `label: name` of each required variable, comma-separated.
    private let requiredArguments: String
    /// The optional-variables closure's parameter name, clear of the variables' names.
    private let optionalVarsName: String
    private let variablesName: String
    private let fetchPolicyName: String

    init(context: EmitterContext, operation: SwiftOperation, variables: [VariablesRenderer.Entry], data: SelectionPlan) {
        self.context = context
        self.operation = operation
        self.variables = variables
        self.data = data
        let className = operation.className
        let generic = operation.kind == .query ? context.queryRefClass : "MutationRef"
        refType = "\(generic)<\(className).Data, \(className).Variables>"
        let required = variables.filter(\.isRequired)
        hasOptional = required.count < variables.count
        requiredParameters = required.map { "\($0.escaped): \($0.swiftType)" }
        requiredArguments = required.map { "\(SwiftIdentifier.argumentLabel($0.name)): \($0.escaped)" }.joined(separator: ", ")
        let names = variables.map(\.name)
        optionalVarsName = LocalName.fresh("optionalVars", avoiding: names)
        variablesName = LocalName.fresh("variables", avoiding: names)
        fetchPolicyName = LocalName.fresh("fetchPolicy", avoiding: names)
    }
    private var className: String { operation.className }
    private var isQuery: Bool { operation.kind == .query }
    private var hasCache: Bool { context.sdk.clientCache != nil }

    func write(into writer: inout SwiftWriter) {
        writer.doc(operation.ir.description)
        // Holds only a `let` reference to the runtime instance.
        writer.block("public class \(className): @unchecked Sendable") { writer in
            writer.line("public static let OperationName = \(SwiftLiteral.string(operation.name))")
            writer.blank()
            if !context.usesFirebase {
                RefreshMetadataRenderer.write(operation.ir, into: &writer)
                writer.blank()
            }
            writer.line("public typealias Ref = \(refType)")
            writer.blank()
            writer.line("let dataConnect: DataConnect")
            writer.blank()
            writer.block("init(dataConnect: DataConnect)") { writer in
                writer.line("self.dataConnect = dataConnect")
            }
            writer.blank()
            VariablesRenderer.write(variables, into: &writer)
            writer.blank()
            DataRenderer.write(data, isRoot: true, into: &writer)
            writer.blank()
            writeRef(into: &writer)
            writer.blank()
            writeExecute(into: &writer)
            writer.blank()
            writeTypedRef(into: &writer)
        }
    }

    /// Builds the variables as `variablesName` (and applies the optional-variables closure).
    private func makeVariables(into writer: inout SwiftWriter) {
        writer.line("\(hasOptional ? "var" : "let") \(variablesName) = \(className).Variables(\(requiredArguments))")
        if hasOptional { writer.line("\(optionalVarsName)?(&\(variablesName))") }
    }

    private func writeRef(into writer: inout SwiftWriter) {
        var parameters = requiredParameters
        if hasOptional { parameters.append("_ \(optionalVarsName): ((inout \(className).Variables) -> Void)? = nil") }
        writer.signatureBlock("public func ref", parameters, " -> \(refType)") { writer in
            makeVariables(into: &writer)
            writer.line("return self.typedRef(\(variablesName))")
        }
    }

    private func writeExecute(into writer: inout SwiftWriter) {
        let policy = fetchPolicyName
        var parameters: [String] = []
        let cached = isQuery && hasCache
        if cached { parameters.append(policy == "fetchPolicy" ? "fetchPolicy: QueryFetchPolicy = .preferCache" : "fetchPolicy \(policy): QueryFetchPolicy = .preferCache") }
        parameters += requiredParameters
        if hasOptional { parameters.append("_ \(optionalVarsName): (@MainActor (inout \(className).Variables) -> Void)? = nil") }
        writer.line("@MainActor")
        writer.signatureBlock("public func execute", parameters, " async throws -> OperationResult<\(className).Data>") { writer in
            makeVariables(into: &writer)
            let call = cached ? "execute(fetchPolicy: \(policy))" : "execute()"
            writer.line("return try await self.typedRef(\(variablesName)).\(call)")
        }
    }

    /// The runtime returns queries as `any ObservableQueryRef`; a checked cast with a clear
    /// message replaces Firebase's `as!`, which traps on a ref of the other publisher kind.
    private func writeTypedRef(into writer: inout SwiftWriter) {
        writer.signatureBlock("private func typedRef", ["_ variables: \(className).Variables"], " -> \(refType)") { writer in
            if isQuery {
                writer.line("let ref = self.dataConnect.query(")
                writer.line("    name: Self.OperationName, variables: variables, resultsDataType: \(className).Data.self,")
                let refresh = context.usesFirebase ? "" : ", " + RefreshMetadataRenderer.argument(for: .query)
                writer.line("    publisher: .\(context.sdk.observablePublisher.rawValue)\(refresh))")
                writer.block("guard let typed = ref as? \(refType) else") { writer in
                    writer.line("fatalError(\"\\(Self.OperationName): the runtime returned \\(type(of: ref)), expected \(context.queryRefClass)\")")
                }
                writer.line("return typed")
            } else if context.usesFirebase {
                writer.line("self.dataConnect.mutation(name: Self.OperationName, variables: variables, resultsDataType: \(className).Data.self)")
            } else {
                writer.line("self.dataConnect.mutation(")
                writer.line("    name: Self.OperationName, variables: variables, resultsDataType: \(className).Data.self,")
                writer.line("    \(RefreshMetadataRenderer.argument(for: .mutation)))")
            }
        }
    }
}
