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

/// One (operation, variables) query as its refs see it: what it is, and the way to its
/// state, which the instance's owner (`DataConnectBackend`) holds as a `QueryState`.
final class QueryCore<ResultData: Decodable & Sendable, Variable: OperationVariable>: Sendable {
    typealias Observer = @Sendable (QueryUpdate<ResultData>) -> Void

    let operationName: String
    let variables: Variable
    let encodedVariables: Result<Data, DataConnectCodecError>
    let backend: DataConnectBackend
    /// When the live query re-runs (after own mutations, by polling); `nil` for refs made without rules.
    let refreshRules: RefreshRules?
    /// The query's key in the cache: name and encoded variables (`nil` when they do not encode).
    let cacheKey: String?
    /// Mirrors recorded updates into the ref's observable state; set once by the ref. The
    /// lock guards only this value (the owner copies it out, then calls it).
    let observer = Locked<Observer?>(nil)

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
    }

    /// Runs the query per `fetchPolicy` (docs/runtime.md, "Query refs, cache and subscriptions").
    /// Server failures are recorded and returned, not thrown; only cancellation throws.
    func execute(fetchPolicy: QueryFetchPolicy) async throws -> QueryExecution<ResultData> {
        try await withState { try await $0.execute(fetchPolicy: fetchPolicy, owner: $1) }
    }

    /// A new subscription: the current result (if any) first, then every recorded outcome
    /// (`QueryState.addSubscriber`).
    func subscribe() async -> QueryResultStream<ResultData> {
        let (stream, continuation) = AsyncStream.makeStream(of: QuerySubscriptionElement<ResultData>.self, bufferingPolicy: .unbounded)
        let id = await withState { $0.addSubscriber(continuation, owner: $1) }
        continuation.onTermination = { [backend] _ in
            backend.post { owner in owner.state(self).removeSubscriber(id, owner: owner) }
        }
        return QueryResultStream(stream: stream, continuation: continuation)
    }

    /// A decoded server response of a request stamped `requestStamp` (tests and benchmarks).
    func receive(_ data: ResultData?, response: ServerResponse, requestStamp: QueryStamp) async -> QueryUpdate<ResultData> {
        await withState { await $0.receive(data, response: response, requestStamp: requestStamp, owner: $1) }
    }

    /// Shows `element` unless it is older than what is shown (`QueryState.record`).
    func record(_ element: QuerySubscriptionElement<ResultData>, stamp: QueryStamp, scope: CacheScope?) async -> QueryUpdate<ResultData>? {
        await withState { $0.record(element, stamp: stamp, scope: scope, owner: $1) }
    }

    /// Whether the server streams this query's results now (else the client-side rules keep it current).
    var isStreamed: Bool { get async { await withState { state, _ in state.isStreamed } } }

    var subscriberCount: Int { get async { await withState { state, _ in state.subscribers.count } } }

    /// Runs `body` on the owner with this query's state.
    private func withState<T: Sendable>(
        _ body: @Sendable (QueryState<ResultData, Variable>, isolated DataConnectBackend) async throws -> T
    ) async rethrows -> T {
        try await backend.withState(of: self, body)
    }
}

/// The mutable state of one query, owned by the instance's `DataConnectBackend` and only
/// touched on it: what the query shows, its subscribers, and whether the stream serves it.
///
/// Every outcome goes through `record`, which shows it only when its `QueryStamp` is newer
/// than what is shown: server responses enter through `receive` (the one path into the
/// cache), changes made by other queries through `republish`, cache reads through `readCache`.
final class QueryState<ResultData: Decodable & Sendable, Variable: OperationVariable>: QueryEntry {
    typealias Element = QuerySubscriptionElement<ResultData>

    private struct Shown {
        let update: QueryUpdate<ResultData>
        let result: OperationResult<ResultData>
    }

    let core: QueryCore<ResultData, Variable>
    /// The last success recorded.
    private var latest: Shown?
    private var latestStamp = QueryStamp.zero
    private var latestScope: CacheScope?
    /// The newest request whose outcome was recorded; older responses are dropped.
    private var newestRequest = QueryStamp.zero
    private var version = 0
    private(set) var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
    private var nextSubscriberID = 0
    /// Whether the query is registered as live (refresh rules, stream).
    private var live = false
    /// Whether the realtime stream serves this query now (it answered, and has not fallen back since).
    private(set) var isStreamed = false

    init(core: QueryCore<ResultData, Variable>) {
        self.core = core
    }

    private var id: ObjectIdentifier { ObjectIdentifier(core) }

    func execute(fetchPolicy: QueryFetchPolicy, owner: isolated DataConnectBackend) async throws -> QueryExecution<ResultData> {
        // Without a cache `readCache` finds nothing, so each policy falls through to its server or empty answer.
        switch fetchPolicy {
        case .serverOnly:
            return .fetched(try await fetch(owner: owner))
        case .cacheOnly:
            return .cached(await readCache(requireFresh: false, owner: owner) ?? OperationResult(data: nil, source: .cache))
        case .preferCache:
            if let cached = await readCache(requireFresh: true, owner: owner) { return .cached(cached) }
            return .fetched(try await fetch(owner: owner))
        }
    }

    /// The cached result of the signed-in user's scope, shown unless something newer is.
    /// `nil` when there is none, it is stale and `requireFresh`, or it does not decode.
    func readCache(requireFresh: Bool, owner: isolated DataConnectBackend) async -> OperationResult<ResultData>? {
        guard owner.cache != nil, let cacheKey = core.cacheKey, let scope = await owner.currentCacheScope() else { return nil }
        let known = latestScope == scope ? latest.map { (latestStamp, $0.result.data) } : nil
        guard let read = await owner.cacheRead(scope: scope, key: cacheKey, knownStamp: known?.0), !requireFresh || read.isFresh else {
            return nil
        }
        let data: ResultData?
        if let json = read.data {
            do {
                data = try ServerResponse.decode(ResultData.self, from: json)
            } catch {
                owner.environment.warn("the cached result of \(core.operationName) does not decode as \(ResultData.self): \(error)")
                return nil
            }
        } else {
            data = known?.1
        }
        let result = OperationResult(data: data, source: .cache)
        record(.success(result), stamp: read.stamp, scope: scope, owner: owner)
        return result
    }

    private func fetch(owner: isolated DataConnectBackend) async throws -> QueryUpdate<ResultData> {
        let requestStamp = QueryStamp.next()
        do {
            let variables = try core.encodedVariables.get()
            let response = try await owner.perform(kind: .query, operationName: core.operationName, variables: variables)
            return await receive(response, requestStamp: requestStamp, owner: owner)
        } catch let error as CancellationError {
            throw error
        } catch {
            return receiveFailure(Self.dataConnectError(error), requestStamp: requestStamp, owner: owner)
        }
    }

    /// A server response (fetched, or pushed by the realtime stream) of a request stamped `requestStamp`.
    @discardableResult
    private func receive(_ response: ServerResponse, requestStamp: QueryStamp, owner: isolated DataConnectBackend) async -> QueryUpdate<ResultData> {
        do {
            let data = try response.decode(ResultData.self, operationName: core.operationName)
            return await receive(data, response: response, requestStamp: requestStamp, owner: owner)
        } catch {
            return receiveFailure(Self.dataConnectError(error), requestStamp: requestStamp, owner: owner)
        }
    }

    /// A decoded server response of a request stamped `requestStamp`: written to the cache
    /// (which republishes the other queries it changed), then shown with source `.server`.
    func receive(_ data: ResultData?, response: ServerResponse, requestStamp: QueryStamp, owner: isolated DataConnectBackend) async
        -> QueryUpdate<ResultData>
    {
        let served = OperationResult(data: data, source: .server)
        guard let cacheKey = core.cacheKey, let scope = owner.cacheScope(authToken: response.authToken),
              let outcome = await owner.cacheWrite(
                  scope: scope, key: cacheKey, data: response.data ?? .null, extensions: response.extensions, requestStamp: requestStamp)
        else {
            return record(.success(served), stamp: requestStamp, scope: nil, request: requestStamp, owner: owner) ?? current(or: served)
        }
        guard outcome.accepted else { return current(or: served) }
        var shown = served
        if let stored = outcome.ownData, let decoded = try? ServerResponse.decode(ResultData.self, from: stored) {
            // A newer result of another query already updated an entity: show the newer fields.
            shown = OperationResult(data: decoded, source: .server)
        }
        let update = record(.success(shown), stamp: outcome.stamp, scope: scope, request: requestStamp, owner: owner)
        var changes = outcome.impacted
        changes.append((cacheKey, outcome.ownData ?? response.data ?? .null))
        owner.republish(changes, stamp: outcome.stamp, scope: scope, except: id)
        return update ?? current(or: served)
    }

    /// `error` as a `DataConnectError`: one already, or wrapped as an internal error.
    private static func dataConnectError(_ error: Error) -> DataConnectError {
        error as? DataConnectError
            ?? DataConnectInternalError(code: .internalError, message: "unexpected error: \(error)", underlyingError: error)
    }

    @discardableResult
    private func receiveFailure(
        _ error: DataConnectError, requestStamp: QueryStamp, owner: isolated DataConnectBackend
    ) -> QueryUpdate<ResultData> {
        let element = Element.failure(AnyDataConnectError(dataConnectError: error))
        // Without a cache, stamps are request stamps; with one, they must follow cache changes.
        let stamp = core.backend.cacheSettings == nil ? requestStamp : QueryStamp.next()
        let shown = record(element, stamp: stamp, scope: latestScope, request: requestStamp, owner: owner)
        return shown ?? QueryUpdate(version: 0, element: element)
    }

    /// Another query's result changed entities this query shows (decoded once for equal data of one type).
    func republish(_ data: JSONValue, stamp: QueryStamp, scope: CacheScope, decoded: inout DecodedResults, owner: isolated DataConnectBackend) {
        do {
            let type = ObjectIdentifier(ResultData.self)
            let reused = decoded[type].flatMap { $0.data == data ? $0.result as? ResultData : nil }
            let result = try reused ?? ServerResponse.decode(ResultData.self, from: data)
            decoded[type] = result.map { (data, $0) }
            record(.success(OperationResult(data: result, source: .cache)), stamp: stamp, scope: scope, owner: owner)
        } catch {
            owner.environment.warn("the updated cached result of \(core.operationName) does not decode as \(ResultData.self): \(error)")
        }
    }

    /// The shown result as an update, or `fallback` (unnumbered) when nothing was shown yet.
    private func current(or fallback: OperationResult<ResultData>) -> QueryUpdate<ResultData> {
        latest?.update ?? QueryUpdate(version: 0, element: .success(fallback))
    }

    /// Shows `element` (stores it, numbers it, hands it to the observer, and to every subscriber
    /// through `DataConnectBackend.deliver`) unless it is older than what is shown: `stamp` must
    /// be newer than the shown stamp (or come from another user's scope), and `request`, for a
    /// server outcome, newer than every request already shown. Returns `nil` when dropped.
    @discardableResult
    func record(
        _ element: Element, stamp: QueryStamp, scope: CacheScope?, request: QueryStamp? = nil, owner: isolated DataConnectBackend
    ) -> QueryUpdate<ResultData>? {
        if let request {
            guard request > newestRequest else { return nil }
        }
        guard stamp > latestStamp || scope != latestScope else { return nil }
        if let request { newestRequest = request }
        latestStamp = stamp
        latestScope = scope
        version += 1
        let update = QueryUpdate(version: version, element: element)
        if case .success(let result) = element {
            latest = Shown(update: update, result: result)
        }
        // The ref's state first: a subscriber hearing the update finds it there (unless it waits for the main actor).
        core.observer.value?(update)
        let targets = subscribers.values
        if !targets.isEmpty { owner.deliver { for continuation in targets { continuation.yield(element) } } }
        return update
    }

    /// Adds a subscriber: the current result (if any) first, then every recorded outcome.
    /// Without a current result, the cache is read first (stale allowed, as in Firebase).
    /// The first subscriber makes the query live (refreshed per its rules) and subscribes it
    /// on the realtime stream. A query the stream cannot serve here is fetched at once; a
    /// streamed one waits for the stream's answer, and is fetched as soon as the stream says
    /// it cannot answer (`.fallback`: refused, dropped, silent, cancelled). Fetches respect
    /// `.preferCache`.
    func addSubscriber(_ continuation: AsyncStream<Element>.Continuation, owner: isolated DataConnectBackend) -> Int {
        let subscriberID = nextSubscriberID
        nextSubscriberID += 1
        if let latest {
            continuation.yield(.success(OperationResult(data: latest.result.data, source: .cache)))
        } else if owner.cache != nil {
            owner.spawn { [core] owner in _ = await owner.state(core).readCache(requireFresh: false, owner: owner) }
        }
        subscribers[subscriberID] = continuation
        syncLive(owner: owner)
        return subscriberID
    }

    func removeSubscriber(_ subscriberID: Int, owner: isolated DataConnectBackend) {
        subscribers[subscriberID] = nil
        syncLive(owner: owner)
    }

    /// Makes the query live while it has subscribers and not live without: registers it with
    /// the refresh rules and the realtime stream (fetching it when the stream cannot serve
    /// it), or removes it from both.
    private func syncLive(owner: isolated DataConnectBackend) {
        let wanted = !subscribers.isEmpty
        guard wanted != live else { return }
        live = wanted
        if wanted {
            owner.addLiveQuery(id, LiveQuery(
                operationName: core.operationName, variables: JSONValue.variables(core.encodedVariables), rules: core.refreshRules))
            if !subscribeToStream(owner: owner) { owner.fetchInBackground(id, .fallback) }
        } else {
            isStreamed = false
            owner.removeLiveQuery(id)
            owner.unsubscribeFromStream(id)
        }
    }

    func end(_ error: DataConnectError, owner: isolated DataConnectBackend) {
        let element = Element.failure(AnyDataConnectError(dataConnectError: error))
        let ended = subscribers.values
        subscribers = [:]
        syncLive(owner: owner)
        owner.deliver { for continuation in ended { continuation.yield(element); continuation.finish() } }
    }

    func wantsBackgroundFetch(_ kind: BackgroundFetch) -> Bool {
        // A fallback is moot once the stream serves the query again or nobody listens.
        live && (kind == .refresh || !isStreamed)
    }

    func fetchInBackground(_ kind: BackgroundFetch, owner: isolated DataConnectBackend) async {
        guard wantsBackgroundFetch(kind) else { return }
        _ = try? await execute(fetchPolicy: kind == .refresh ? .serverOnly : .preferCache, owner: owner)
    }

    // MARK: Realtime stream: pushed results enter like fetched ones.

    /// Subscribes this query on the connector's realtime stream; `false` when the stream
    /// cannot serve it (no cache settings, no WebSocket for the scheme, unencodable variables).
    private func subscribeToStream(owner: isolated DataConnectBackend) -> Bool {
        guard let cacheKey = core.cacheKey, let variables = try? core.encodedVariables.get() else { return false }
        return owner.subscribeToStream(id, key: cacheKey, operationName: core.operationName, variables: variables)
    }

    func streamDelivered(_ delivery: StreamDelivery, owner: isolated DataConnectBackend) async {
        switch delivery {
        case .response(let response, let isAnswer):
            isStreamed = true
            // The stream taking over from REST: a result equal to the one shown is not shown again.
            if isAnswer, await showsAlready(response, owner: owner) { return }
            // Stamped on arrival: newer than every request sent before it.
            await receive(response, requestStamp: QueryStamp.next(), owner: owner)
        case .failure(let error):
            receiveFailure(error, requestStamp: QueryStamp.next(), owner: owner)
        case .ended(let error):
            isStreamed = false
            end(error, owner: owner)
        case .fallback:
            isStreamed = false
            owner.fetchInBackground(id, .fallback)
        }
    }

    /// Whether `response` is exactly the cached result this query shows (same user's scope).
    private func showsAlready(_ response: ServerResponse, owner: isolated DataConnectBackend) async -> Bool {
        guard response.errors.isEmpty, let data = response.data, let cacheKey = core.cacheKey,
              let scope = owner.cacheScope(authToken: response.authToken), latest != nil, latestScope == scope else { return false }
        return await owner.cacheRead(scope: scope, key: cacheKey)?.data == data
    }
}
