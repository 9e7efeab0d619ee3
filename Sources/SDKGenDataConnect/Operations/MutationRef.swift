import Foundation

/// A mutation bound to its variables. Created by `DataConnect.mutation`.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public final class MutationRef<ResultData: Decodable & Sendable, Variable: OperationVariable>: OperationRef, Sendable {
    let operationName: String
    let variables: Variable
    private let encodedVariables: Result<Data, DataConnectCodecError>
    private let backend: DataConnectBackend

    init(operationName: String, variables: Variable, encodedVariables: Result<Data, DataConnectCodecError>, backend: DataConnectBackend) {
        self.operationName = operationName
        self.variables = variables
        self.encodedVariables = encodedVariables
        self.backend = backend
    }

    /// Runs the mutation. Once the service has answered, every subscribed query of the
    /// same `DataConnect` instance is re-executed. Throws `DataConnectOperationError` for
    /// GraphQL errors (with partial data), `DataConnectTransportError`,
    /// `DataConnectCodecError` or `DataConnectInitError`.
    public func execute() async throws -> OperationResult<ResultData> {
        let response = try await backend.perform(
            kind: .mutation, operationName: operationName, variables: try encodedVariables.get())
        // Even a mutation with GraphQL errors may have written rows.
        backend.mutationCompleted()
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
