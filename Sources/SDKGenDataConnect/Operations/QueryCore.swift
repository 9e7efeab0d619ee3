import Foundation

/// One recorded outcome of a query, numbered so observers can drop stale deliveries.
struct QueryUpdate<ResultData: Decodable & Sendable>: Sendable {
    let version: Int
    let element: QuerySubscriptionElement<ResultData>
}

/// What `QueryCore.execute` produced.
enum QueryExecution<ResultData: Decodable & Sendable>: Sendable {
    /// Served from the cache.
    case cached(OperationResult<ResultData>)
    /// A server round trip: the recorded outcome, or (when a newer result was already
    /// shown) the newer result, or an unrecorded failure with version 0.
    case fetched(QueryUpdate<ResultData>)
}

/// The shared state of one (operation, variables) query: what it shows, its subscribers,
/// and its link to the client cache.
///
/// Every outcome goes through `record`, which shows it only when its `QueryStamp` is newer
/// than what is shown: server responses enter through `receive` (the one path into the
/// cache), changes made by other queries through `republish`, cache reads through `readCache`.
final class QueryCore<ResultData: Decodable & Sendable, Variable: OperationVariable>: CacheTarget, Sendable {
    typealias Element = QuerySubscriptionElement<ResultData>

    private struct Shown: Sendable {
        let update: QueryUpdate<ResultData>
        let result: OperationResult<ResultData>
    }

    private struct State: Sendable {
        /// The last success recorded.
        var latest: Shown?
        var latestStamp = QueryStamp.zero
        var latestScope: CacheScope?
        /// The newest request whose outcome was recorded; older responses are dropped.
        var newestRequest = QueryStamp.zero
        var version = 0
        var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextSubscriberID = 0
        /// Whether the query is registered as live (refresh rules, stream), and whether a
        /// caller is busy changing that (`syncLive`).
        var live = false
        var syncingLive = false
    }

    let operationName: String
    let variables: Variable
    let encodedVariables: Result<Data, DataConnectCodecError>
    let backend: DataConnectBackend
    /// When the live query re-runs (after own mutations, by polling); `nil` for refs made without rules.
    let refreshRules: RefreshRules?
    /// The query's key in the cache: name and encoded variables (`nil` when they do not encode).
    let cacheKey: String?
    private let state = Locked(State())
    private let observer = Locked<(@Sendable (QueryUpdate<ResultData>) -> Void)?>(nil)
    /// Whether the realtime stream serves this query now (it answered, and has not fallen back since).
    private let streamServed = Locked(false)

    init(
        operationName: String, variables: Variable, encodedVariables: Result<Data, DataConnectCodecError>, backend: DataConnectBackend,
        refreshRules: RefreshRules? = nil
    ) {
        self.operationName = operationName
        self.variables = variables
        self.encodedVariables = encodedVariables
        self.backend = backend
        self.refreshRules = refreshRules
        cacheKey = (try? encodedVariables.get()).map { operationName + "\u{0}" + String(decoding: $0, as: UTF8.self) }
        if let cacheKey, backend.cache != nil {
            backend.registerCacheTarget(self, key: cacheKey)
        }
    }

    /// Installs the callback that mirrors recorded updates into a ref's observable state.
    func setObserver(_ callback: @escaping @Sendable (QueryUpdate<ResultData>) -> Void) {
        observer.withLock { $0 = callback }
    }

    /// Runs the query per `fetchPolicy` (docs/runtime.md, "Query refs, cache and subscriptions"). Server failures are recorded
    /// and returned, not thrown; only cancellation throws.
    func execute(fetchPolicy: QueryFetchPolicy) async throws -> QueryExecution<ResultData> {
        // Without a cache `readCache` finds nothing, so each policy falls through to its server or empty answer.
        switch fetchPolicy {
        case .serverOnly:
            return .fetched(try await fetch())
        case .cacheOnly:
            return .cached(await readCache(requireFresh: false) ?? OperationResult(data: nil, source: .cache))
        case .preferCache:
            if let cached = await readCache(requireFresh: true) { return .cached(cached) }
            return .fetched(try await fetch())
        }
    }

    /// The cached result of the signed-in user's scope, shown unless something newer is.
    /// `nil` when there is none, it is stale and `requireFresh`, or it does not decode.
    func readCache(requireFresh: Bool) async -> OperationResult<ResultData>? {
        guard let cache = backend.cache, let cacheKey, let scope = await backend.currentCacheScope() else { return nil }
        let known = state.withLock { state in state.latestScope == scope ? state.latest.map { (state.latestStamp, $0.result.data) } : nil }
        guard let read = cache.read(scope: scope, key: cacheKey, knownStamp: known?.0), !requireFresh || read.isFresh else {
            return nil
        }
        let data: ResultData?
        if let json = read.data {
            do {
                data = try ServerResponse.decode(ResultData.self, from: json)
            } catch {
                RuntimeLog.warning("the cached result of \(operationName) does not decode as \(ResultData.self): \(error)")
                return nil
            }
        } else {
            data = known?.1
        }
        let result = OperationResult(data: data, source: .cache)
        record(.success(result), stamp: read.stamp, scope: scope)
        return result
    }

    private func fetch() async throws -> QueryUpdate<ResultData> {
        let requestStamp = QueryStamp.next()
        do {
            let variablesJSON = try encodedVariables.get()
            let response = try await backend.perform(kind: .query, operationName: operationName, variables: variablesJSON)
            return receive(response, requestStamp: requestStamp)
        } catch let error as CancellationError {
            throw error
        } catch {
            return receiveFailure(Self.dataConnectError(error), requestStamp: requestStamp)
        }
    }

    /// A server response (fetched, or pushed by the realtime stream) of a request stamped `requestStamp`.
    @discardableResult
    func receive(_ response: ServerResponse, requestStamp: QueryStamp) -> QueryUpdate<ResultData> {
        do {
            let data = try response.decode(ResultData.self, operationName: operationName)
            return receive(data, response: response, requestStamp: requestStamp)
        } catch {
            return receiveFailure(Self.dataConnectError(error), requestStamp: requestStamp)
        }
    }

    /// A decoded server response of a request stamped `requestStamp`: written to the cache
    /// (which republishes the other queries it changed), then shown with source `.server`.
    func receive(_ data: ResultData?, response: ServerResponse, requestStamp: QueryStamp) -> QueryUpdate<ResultData> {
        let served = OperationResult(data: data, source: .server)
        guard let cache = backend.cache, let cacheKey, let scope = backend.cacheScope(authToken: response.authToken) else {
            return record(.success(served), stamp: requestStamp, scope: nil, request: requestStamp) ?? current(or: served)
        }
        let outcome = cache.write(
            scope: scope, key: cacheKey, data: response.data ?? .null, extensions: response.extensions, requestStamp: requestStamp)
        guard outcome.accepted else { return current(or: served) }
        var shown = served
        if let stored = outcome.ownData, let decoded = try? ServerResponse.decode(ResultData.self, from: stored) {
            // A newer result of another query already updated an entity: show the newer fields.
            shown = OperationResult(data: decoded, source: .server)
        }
        let update = record(.success(shown), stamp: outcome.stamp, scope: scope, request: requestStamp)
        var changes = outcome.impacted
        changes.append((cacheKey, outcome.ownData ?? response.data ?? .null))
        backend.republish(changes, stamp: outcome.stamp, scope: scope, except: ObjectIdentifier(self))
        return update ?? current(or: served)
    }

    /// `error` as a `DataConnectError`: one already, or wrapped as an internal error.
    private static func dataConnectError(_ error: Error) -> DataConnectError {
        error as? DataConnectError
            ?? DataConnectInternalError(code: .internalError, message: "unexpected error: \(error)", underlyingError: error)
    }

    @discardableResult
    func receiveFailure(_ error: DataConnectError, requestStamp: QueryStamp) -> QueryUpdate<ResultData> {
        let element = Element.failure(AnyDataConnectError(dataConnectError: error))
        // Without a cache, stamps are request stamps; with one, they must follow cache changes.
        let stamp = backend.cache == nil ? requestStamp : QueryStamp.next()
        let scope = state.withLock { $0.latestScope }
        return record(element, stamp: stamp, scope: scope, request: requestStamp) ?? QueryUpdate(version: 0, element: element)
    }

    /// Another query's result changed entities this query shows.
    func republish(_ data: JSONValue, stamp: QueryStamp, scope: CacheScope) {
        do {
            let decoded = try ServerResponse.decode(ResultData.self, from: data)
            record(.success(OperationResult(data: decoded, source: .cache)), stamp: stamp, scope: scope)
        } catch {
            RuntimeLog.warning("the updated cached result of \(operationName) does not decode as \(ResultData.self): \(error)")
        }
    }

    /// The shown result as an update, or `fallback` (unnumbered) when nothing was shown yet.
    private func current(or fallback: OperationResult<ResultData>) -> QueryUpdate<ResultData> {
        state.withLock { $0.latest?.update } ?? QueryUpdate(version: 0, element: .success(fallback))
    }

    /// Shows `element` (stores it, numbers it, delivers it to every subscriber and the
    /// observer) unless it is older than what is shown: `stamp` must be newer than the
    /// shown stamp (or come from another user's scope), and `request`, for a server
    /// outcome, newer than every request already shown. Returns `nil` when dropped.
    @discardableResult
    func record(_ element: Element, stamp: QueryStamp, scope: CacheScope?, request: QueryStamp? = nil) -> QueryUpdate<ResultData>? {
        let update = state.withLock { state -> QueryUpdate<ResultData>? in
            if let request {
                guard request > state.newestRequest else { return nil }
            }
            guard stamp > state.latestStamp || scope != state.latestScope else { return nil }
            if let request { state.newestRequest = request }
            state.latestStamp = stamp
            state.latestScope = scope
            state.version += 1
            let update = QueryUpdate(version: state.version, element: element)
            if case .success(let result) = element {
                state.latest = Shown(update: update, result: result)
            }
            // Yielding under the lock keeps every subscriber's sequence in version order.
            for continuation in state.subscribers.values {
                continuation.yield(element)
            }
            return update
        }
        if let update {
            observer.withLock { $0 }?(update)
        }
        return update
    }

    /// A new subscription: the current result (if any) first, then every recorded outcome.
    /// Without a current result, the cache is read first (stale allowed, as in Firebase).
    /// The first subscriber makes the query live (refreshed per its rules) and subscribes it
    /// on the realtime stream. A query the stream cannot serve here is fetched at once; a
    /// streamed one waits for the stream's answer, and is fetched as soon as the stream says
    /// it cannot answer (`.fallback`: refused, dropped, silent, cancelled). Fetches respect
    /// `.preferCache`.
    func subscribe() -> QueryResultStream<ResultData> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .unbounded)
        let (id, hasResult) = state.withLock { state -> (Int, Bool) in
            let id = state.nextSubscriberID
            state.nextSubscriberID += 1
            if let latest = state.latest {
                continuation.yield(.success(OperationResult(data: latest.result.data, source: .cache)))
            }
            state.subscribers[id] = continuation
            return (id, state.latest != nil)
        }
        continuation.onTermination = { [weak self] _ in
            self?.removeSubscriber(id)
        }
        if !hasResult {
            Task { [self] in _ = await readCache(requireFresh: false) }
        }
        syncLive()
        return QueryResultStream(stream: stream, continuation: continuation)
    }

    private func removeSubscriber(_ id: Int) {
        state.withLock { state in
            state.subscribers[id] = nil
        }
        syncLive()
    }

    /// Makes the query live while it has subscribers and not live without: registers it with
    /// the refresh scheduler and the realtime stream (fetching it at once when the stream
    /// cannot serve it), or removes it from both. Those calls happen outside the lock; one
    /// caller at a time makes them, repeating until the registration matches the subscribers.
    private func syncLive() {
        var claimed = false
        while true {
            let next = state.withLock { state -> Bool? in
                if !claimed {
                    // Someone else is at it, and re-reads the subscribers before finishing.
                    guard !state.syncingLive else { return nil }
                    state.syncingLive = true
                    claimed = true
                }
                let wanted = !state.subscribers.isEmpty
                guard wanted != state.live else {
                    state.syncingLive = false
                    return nil
                }
                state.live = wanted
                return wanted
            }
            guard let next else { return }
            if next {
                backend.addLiveQuery(ObjectIdentifier(self), LiveQuery(
                    operationName: operationName, variables: JSONValue.variables(encodedVariables), rules: refreshRules,
                    isPushed: { [weak self] in self?.isStreamed ?? false }
                ) { [weak self] in
                    _ = try? await self?.execute(fetchPolicy: .serverOnly)
                })
                if !subscribeToStream() {
                    Task { [self] in _ = try? await execute(fetchPolicy: .preferCache) }
                }
            } else {
                streamServed.withLock { $0 = false }
                backend.removeLiveQuery(ObjectIdentifier(self))
                backend.realtime.unsubscribe(ObjectIdentifier(self))
            }
        }
    }

    /// Delivers `error` as the last element to every subscriber and ends their sequences.
    func finishSubscribers(with error: DataConnectError) {
        let element = Element.failure(AnyDataConnectError(dataConnectError: error))
        let ended = state.withLock { state -> [AsyncStream<Element>.Continuation] in
            let ended = Array(state.subscribers.values)
            state.subscribers = [:]
            return ended
        }
        syncLive()
        // Outside the lock: finishing runs `onTermination`, which takes it.
        for continuation in ended {
            continuation.yield(element)
            continuation.finish()
        }
    }

    var subscriberCount: Int {
        state.withLock { $0.subscribers.count }
    }
}

// MARK: Realtime stream (issue #23): pushed results enter like fetched ones.

extension QueryCore {
    /// Subscribes this query on the connector's realtime stream; `false` when the stream
    /// cannot serve it (no cache settings, no WebSocket for the scheme, unencodable variables).
    fileprivate func subscribeToStream() -> Bool {
        guard let cacheKey, let variables = try? encodedVariables.get() else { return false }
        return backend.realtime.subscribe(
            ObjectIdentifier(self), key: cacheKey, operationName: operationName, variables: variables
        ) { [weak self] delivery in
            self?.streamDelivered(delivery)
        }
    }

    /// Whether the server streams this query's results now (else the client-side rules keep it current).
    var isStreamed: Bool {
        streamServed.withLock { $0 }
    }

    private func streamDelivered(_ delivery: StreamDelivery) {
        switch delivery {
        case .response(let response, let isAnswer):
            streamServed.withLock { $0 = true }
            // The stream taking over from REST: a result equal to the one shown is not shown again.
            if isAnswer && showsAlready(response) { return }
            // Stamped on arrival: newer than every request sent before it.
            receive(response, requestStamp: QueryStamp.next())
        case .failure(let error):
            receiveFailure(error, requestStamp: QueryStamp.next())
        case .ended(let error):
            streamServed.withLock { $0 = false }
            finishSubscribers(with: error)
        case .fallback:
            streamServed.withLock { $0 = false }
            Task { _ = try? await execute(fetchPolicy: .preferCache) }
        }
    }

    /// Whether `response` is exactly the cached result this query shows (same user's scope).
    private func showsAlready(_ response: ServerResponse) -> Bool {
        guard response.errors.isEmpty, let data = response.data, let cache = backend.cache, let cacheKey,
              let scope = backend.cacheScope(authToken: response.authToken),
              state.withLock({ $0.latest != nil && $0.latestScope == scope }) else { return false }
        return cache.read(scope: scope, key: cacheKey)?.data == data
    }
}
