#if canImport(Combine)
import Combine
#endif

/// The variables of an operation. Generated `Variables` structs conform.
public protocol OperationVariable: Encodable, Hashable, Equatable, Sendable {}

/// A query or mutation bound to its variables.
public protocol OperationRef: Hashable, Equatable {
    /// The decoded `data` of a response.
    associatedtype ResultData: Decodable & Sendable
    /// Runs the operation.
    func execute() async throws -> OperationResult<ResultData>
}

/// The element of a query subscription: a result or the error of one refresh.
public typealias QuerySubscriptionElement<ResultData: Decodable & Sendable> = Result<OperationResult<ResultData>, AnyDataConnectError>

/// A query bound to its variables, with cached execution and subscriptions.
public protocol QueryRef: OperationRef, Equatable, Hashable {
    #if canImport(Combine)
    /// Publishes the current result (if any) and every later one until cancelled.
    func subscribe() async throws -> AnyPublisher<QuerySubscriptionElement<ResultData>, Never>
    #else
    /// Delivers the current result (if any) and every later one until cancelled (Firebase's Combine publisher, without Combine).
    func subscribe() async throws -> QueryResultStream<ResultData>
    #endif

    /// The same updates as `subscribe()`, as an `AsyncSequence` on every platform.
    func subscribeStream() async throws -> QueryResultStream<ResultData>

    /// Runs the query, consulting the cache per `fetchPolicy`.
    func execute(fetchPolicy: QueryFetchPolicy) async throws -> OperationResult<ResultData>
}

extension QueryRef {
    /// Runs the query with `.preferCache`.
    public func execute() async throws -> OperationResult<ResultData> {
        try await execute(fetchPolicy: .preferCache)
    }
}

/// A query ref that keeps its latest outcome for UI binding.
public protocol ObservableQueryRef: QueryRef {
    /// The latest data, `nil` before the first result.
    var data: ResultData? { get }
    /// Where `data` came from.
    var source: DataSource? { get }
    /// The error of the latest attempt, cleared by the next success.
    var lastError: DataConnectError? { get }
}

/// Which concrete query ref class `DataConnect.query` creates.
public enum ResultsPublisherType: Sendable {
    /// `QueryRefObservation` where available, else `QueryRefObservableObject`.
    case auto
    /// `QueryRefObservableObject` (a Combine `ObservableObject` where Combine exists).
    case observableObject
    /// `QueryRefObservation` (Observation), falling back like `.auto` on older OS versions.
    case observableMacro
}

/// How `execute(fetchPolicy:)` uses the client cache.
public enum QueryFetchPolicy: Sendable {
    /// A cached result younger than `CacheSettings.maxAge`, else the server.
    case preferCache
    /// The cached result however old; `data == nil` when there is none. Never calls the server.
    case cacheOnly
    /// Always the server; the result refreshes the cache.
    case serverOnly
}

/// Where a result came from.
public enum DataSource: Sendable {
    /// A response from the service.
    case server
    /// The client cache.
    case cache
}

/// The outcome of a successful operation.
public struct OperationResult<ResultData: Decodable & Sendable>: Sendable {
    /// The decoded data; `nil` for a `null` response or an empty `.cacheOnly` lookup.
    public let data: ResultData?
    /// Where the data came from.
    public let source: DataSource
}
