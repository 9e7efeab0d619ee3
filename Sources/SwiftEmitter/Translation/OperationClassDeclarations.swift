/// One operation class (docs/generated-code.md, "Operation classes").
final class OperationClassDeclarations: Sendable {
    let context: EmitterContext
    let operation: SwiftOperation
    let variables: [VariablesDeclarations.Entry]
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

    init(context: EmitterContext, operation: SwiftOperation, variables: [VariablesDeclarations.Entry], data: SelectionPlan) {
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

    var declaration: Declaration {
        var members: [Declaration] = [
            .init(.property(Property(modifiers: .publicStatic, keyword: "let", name: "OperationName",
                                     value: .initializer(.line("\"\(SwiftLiteral.content(operation.name))\""))))),
        ]
        if !context.usesFirebase { members.append(RefreshDeclarations.declaration(operation.ir)) }
        members += [
            .init(.typeAlias(.public, name: "Ref", type: refType)),
            .init(.property(Property(modifiers: .init(), keyword: "let", name: "dataConnect", type: "DataConnect"))),
            .init(.function(Function(modifiers: .init(), head: "init", parameters: ["dataConnect: DataConnect"],
                                     body: .block([.line("self.dataConnect = dataConnect")])))),
            VariablesDeclarations.declaration(variables, parameters: requiredParameters + (hasOptional ? [
                "_ \(optionalVarsName): ((inout Variables) -> Void)? = nil",
            ] : []), optionalVars: hasOptional ? optionalVarsName : nil),
            DataDeclarations.declaration(data, isRoot: true),
            .init(.function(ref)),
            .init(.function(execute)),
            .init(.function(typedRef)),
        ]
        // Holds only a `let` reference to the runtime instance.
        return .type("class", className, ["@unchecked Sendable"], members, doc: operation.ir.description)
    }

    /// Builds the variables as `variablesName` (and applies the optional-variables closure).
    private var makeVariables: [Code] {
        [.line("\(hasOptional ? "var" : "let") \(variablesName) = \(className).Variables(\(requiredArguments))")]
            + (hasOptional ? [.line("\(optionalVarsName)?(&\(variablesName))")] : [])
    }

    private var ref: Function {
        var parameters = requiredParameters
        if hasOptional { parameters.append("_ \(optionalVarsName): ((inout \(className).Variables) -> Void)? = nil") }
        return Function(head: "func ref", parameters: parameters, tail: " -> \(refType)",
                        body: .block(makeVariables + [.line("return self.typedRef(\(variablesName))")]))
    }

    private var execute: Function {
        let policy = fetchPolicyName
        var parameters: [String] = []
        let cached = isQuery && context.sdk.clientCache != nil
        if cached { parameters.append(policy == "fetchPolicy" ? "fetchPolicy: QueryFetchPolicy = .preferCache" : "fetchPolicy \(policy): QueryFetchPolicy = .preferCache") }
        parameters += requiredParameters
        if hasOptional { parameters.append("_ \(optionalVarsName): (@MainActor (inout \(className).Variables) -> Void)? = nil") }
        let call = cached ? "execute(fetchPolicy: \(policy))" : "execute()"
        return Function(attributes: ["@MainActor"], head: "func execute", parameters: parameters,
                        tail: " async throws -> OperationResult<\(className).Data>",
                        body: .block(makeVariables + [.line("return try await self.typedRef(\(variablesName)).\(call)")]))
    }

    /// The runtime returns queries as `any ObservableQueryRef`; a checked cast with a clear
    /// message replaces Firebase's `as!`, which traps on a ref of the other publisher kind.
    private var typedRef: Function {
        let body: [Code]
        let arguments = "name: Self.OperationName, variables: variables, resultsDataType: \(className).Data.self"
        if isQuery {
            let refresh = context.usesFirebase ? "" : ", " + RefreshDeclarations.argument(for: .query)
            body = [
                .nested("let ref = self.dataConnect.query(", [
                    .line("\(arguments),"), .line("publisher: .\(context.sdk.observablePublisher.rawValue)\(refresh))"),
                ], ""),
                .nested("guard let typed = ref as? \(refType) else {", [
                    .line("fatalError(\"\\(Self.OperationName): the runtime returned \\(type(of: ref)), expected \(context.queryRefClass)\")"),
                ], "}"),
                .line("return typed"),
            ]
        } else if context.usesFirebase {
            body = [.line("self.dataConnect.mutation(\(arguments))")]
        } else {
            let writes = RefreshDeclarations.argument(for: .mutation)
            body = [.nested("self.dataConnect.mutation(", [.line("\(arguments),"), .line("\(writes))")], "")]
        }
        return Function(modifiers: .private, head: "func typedRef", parameters: ["_ variables: \(className).Variables"],
                        tail: " -> \(refType)", body: .block(body))
    }
}
