import Foundation

/// One recorded outcome of a query, numbered so observers can drop stale deliveries.
struct QueryUpdate<ResultData: Decodable & Sendable>: Sendable {
    let version: Int
    let element: QuerySubscriptionElement<ResultData>
}

/// What `QueryCore.execute` produced.
enum QueryExecution<ResultData: Decodable & Sendable>: Sendable {
    /// Served from the cache; nothing new was recorded.
    case cached(OperationResult<ResultData>)
    /// A server round trip, recorded (success or failure) as `update`.
    case fetched(QueryUpdate<ResultData>)
}

/// The shared state of one (operation, variables) query: latest result, cache freshness,
/// subscribers. Every result source (execute, mutation refresh, and later server pushes)
/// goes through `record(_:)`, which numbers it and fans it out.
final class QueryCore<ResultData: Decodable & Sendable, Variable: OperationVariable>: Sendable {
    typealias Element = QuerySubscriptionElement<ResultData>

    private struct Snapshot: Sendable {
        let data: ResultData?
        let receivedAt: Date
    }

    private struct State: Sendable {
        var latest: Snapshot?
        var version = 0
        var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextSubscriberID = 0
    }

    let operationName: String
    let variables: Variable
    let encodedVariables: Result<Data, DataConnectCodecError>
    let backend: DataConnectBackend
    private let state = Locked(State())
    private let observer = Locked<(@Sendable (QueryUpdate<ResultData>) -> Void)?>(nil)

    init(operationName: String, variables: Variable, encodedVariables: Result<Data, DataConnectCodecError>, backend: DataConnectBackend) {
        self.operationName = operationName
        self.variables = variables
        self.encodedVariables = encodedVariables
        self.backend = backend
    }

    /// Installs the callback that mirrors recorded updates into a ref's observable state.
    func setObserver(_ callback: @escaping @Sendable (QueryUpdate<ResultData>) -> Void) {
        observer.withLock { $0 = callback }
    }

    /// Runs the query per `fetchPolicy`. Server failures are recorded and returned, not
    /// thrown; only cancellation throws.
    func execute(fetchPolicy: QueryFetchPolicy) async throws -> QueryExecution<ResultData> {
        let cacheSettings = backend.cacheSettings
        let cached: OperationResult<ResultData>? = state.withLock { state in
            guard let cacheSettings else {
                return fetchPolicy == .cacheOnly ? OperationResult(data: nil, source: .cache) : nil
            }
            switch fetchPolicy {
            case .serverOnly:
                return nil
            case .cacheOnly:
                return OperationResult(data: state.latest?.data, source: .cache)
            case .preferCache:
                guard let latest = state.latest, Date().timeIntervalSince(latest.receivedAt) < cacheSettings.maxAge else {
                    return nil
                }
                return OperationResult(data: latest.data, source: .cache)
            }
        }
        if let cached { return .cached(cached) }
        return .fetched(try await fetch())
    }

    private func fetch() async throws -> QueryUpdate<ResultData> {
        let element: Element
        do {
            let variablesJSON = try encodedVariables.get()
            let response = try await backend.perform(kind: .query, operationName: operationName, variables: variablesJSON)
            let data = try response.decode(ResultData.self, operationName: operationName)
            element = .success(OperationResult(data: data, source: .server))
        } catch let error as CancellationError {
            throw error
        } catch let error as DataConnectError {
            element = .failure(AnyDataConnectError(dataConnectError: error))
        } catch {
            let wrapped = DataConnectInternalError(code: .internalError, message: "unexpected error: \(error)", underlyingError: error)
            element = .failure(AnyDataConnectError(dataConnectError: wrapped))
        }
        return record(element)
    }

    /// Numbers `element`, stores a success as the latest result and delivers it to every
    /// subscriber and the observer.
    @discardableResult
    func record(_ element: Element) -> QueryUpdate<ResultData> {
        let update = state.withLock { state -> QueryUpdate<ResultData> in
            state.version += 1
            if case .success(let result) = element {
                state.latest = Snapshot(data: result.data, receivedAt: Date())
            }
            // Yielding under the lock keeps every subscriber's sequence in version order.
            for continuation in state.subscribers.values {
                continuation.yield(element)
            }
            return QueryUpdate(version: state.version, element: element)
        }
        observer.withLock { $0 }?(update)
        return update
    }

    /// A new subscription: the current result (if any) first, then every recorded outcome.
    /// The first subscriber makes the query live (refreshed after mutations) and fetches
    /// it unless a fresh cached result exists.
    func subscribe() -> QueryResultStream<ResultData> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .unbounded)
        let (id, isFirst) = state.withLock { state -> (Int, Bool) in
            let id = state.nextSubscriberID
            state.nextSubscriberID += 1
            if let latest = state.latest {
                continuation.yield(.success(OperationResult(data: latest.data, source: .cache)))
            }
            state.subscribers[id] = continuation
            let isFirst = state.subscribers.count == 1
            if isFirst {
                backend.addLiveQuery(ObjectIdentifier(self)) { [weak self] in
                    _ = try? await self?.execute(fetchPolicy: .serverOnly)
                }
            }
            return (id, isFirst)
        }
        continuation.onTermination = { [weak self] _ in
            self?.removeSubscriber(id)
        }
        if isFirst {
            Task { [self] in _ = try? await execute(fetchPolicy: .preferCache) }
        }
        return QueryResultStream(stream: stream, continuation: continuation)
    }

    private func removeSubscriber(_ id: Int) {
        state.withLock { state in
            state.subscribers[id] = nil
            if state.subscribers.isEmpty {
                backend.removeLiveQuery(ObjectIdentifier(self))
            }
        }
    }

    var subscriberCount: Int {
        state.withLock { $0.subscribers.count }
    }
}
