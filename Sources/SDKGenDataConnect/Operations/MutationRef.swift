import Foundation

/// A mutation bound to its variables. Created by `DataConnect.mutation`.
public final class MutationRef<ResultData: Decodable & Sendable, Variable: OperationVariable>: OperationRef, Sendable {
    let operationName: String
    let variables: Variable
    private let encodedVariables: Result<Data, DataConnectCodecError>
    private let backend: DataConnectBackend
    /// The rows the mutation writes by key (implicit refresh); `nil` for refs made without them.
    private let writes: [EntityRow]?

    init(
        operationName: String, variables: Variable, encodedVariables: Result<Data, DataConnectCodecError>, backend: DataConnectBackend,
        writes: [EntityRow]? = nil
    ) {
        self.operationName = operationName
        self.variables = variables
        self.encodedVariables = encodedVariables
        self.backend = backend
        self.writes = writes
    }

    /// Runs the mutation. Once the service answered, the subscribed queries of the service it refreshes re-run: those naming it
    /// in `@refresh(onMutationExecuted:)` (when the condition holds), those reading a row it writes by key, and refs without rules.
    /// Throws `DataConnectOperationError` for GraphQL errors (with partial data), `DataConnectTransportError`,
    /// `DataConnectCodecError` or `DataConnectInitError`.
    public func execute() async throws -> OperationResult<ResultData> {
        let response = try await backend.perform(
            kind: .mutation, operationName: operationName, variables: try encodedVariables.get())
        // Even a mutation with GraphQL errors may have written rows.
        await backend.mutationCompleted(MutationEvent(
            operationName: operationName, variables: JSONValue.variables(encodedVariables), authToken: response.authToken,
            writes: writes))
        return OperationResult(data: try response.decode(ResultData.self, operationName: operationName), source: .server)
    }

    public static func == (lhs: MutationRef, rhs: MutationRef) -> Bool {
        lhs.operationName == rhs.operationName && lhs.variables == rhs.variables
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(operationName)
        hasher.combine(variables)
    }
}
