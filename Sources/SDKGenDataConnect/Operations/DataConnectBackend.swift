import Foundation

/// The one owner of a `DataConnect` instance's mutable runtime state (docs/runtime.md,
/// "Ownership"): the state of every query (what it shows, its subscribers), the client
/// cache, the live queries and their polling, the background fetches, and the realtime
/// stream (its `StreamMachine`, socket and timers).
///
/// All of it is actor-isolated. Synchronous callers (a subscription ending, socket events,
/// timers) post jobs to one ordered inbox that a single task runs on the actor, one after
/// the other; stream events only ever enter that way, so a machine's actions finish before
/// its next event is handled. Work that leaves the owner (network, disk, token providers)
/// is awaited in nonisolated functions; nothing here takes a lock around a call.
actor DataConnectBackend {
    typealias Job = @Sendable (isolated DataConnectBackend) async -> Void

    /// How many background fetches (fallbacks, refreshes, polls) run at once; more wait in order.
    static let maxBackgroundFetches = 4

    nonisolated let appName: String
    nonisolated let connectorConfig: ConnectorConfig
    nonisolated let callerSDKType: CallerSDKType
    /// Clock, sockets, caches folder and logger, fixed at construction.
    nonisolated let environment: RuntimeEnvironment
    nonisolated let cacheSettings: CacheSettings?
    /// The endpoint, read synchronously by `DataConnect.settings`; the lock guards only this value.
    private nonisolated let endpoint: Locked<DataConnectSettings>
    private nonisolated let inbox: AsyncStream<Job>.Continuation
    /// Stream events not yet taken by the owner (`postStreamEvent`); the lock guards only this value.
    nonisolated let streamEvents = Locked<[StreamMachine.Event]>([])
    /// Yields to subscribers held until the stream batch being handled ends; `nil` outside one.
    var heldDeliveries: [() -> Void]?

    /// Query states by core, created on first use.
    var queries: [ObjectIdentifier: any QueryEntry] = [:]
    /// Which query states show each cached query key, for republishing.
    var cacheTargets: [String: [ObjectIdentifier]] = [:]
    var cache: ClientCache?
    var refresh = RefreshScheduler()
    var stream: StreamMachine
    var socket: (any WebSocketConnection)?
    var streamTimers: [StreamTimerID: any RuntimeTimer] = [:]
    private var queuedFetches: [(id: ObjectIdentifier, kind: BackgroundFetch)] = []
    private var runningFetches = 0
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextTaskID = 0

    init(
        appName: String, connectorConfig: ConnectorConfig, callerSDKType: CallerSDKType, settings: DataConnectSettings,
        environment: RuntimeEnvironment
    ) {
        self.appName = appName
        self.connectorConfig = connectorConfig
        self.callerSDKType = callerSDKType
        self.environment = environment
        cacheSettings = settings.cacheSettings
        endpoint = Locked(settings)
        cache = settings.cacheSettings.map { ClientCache(settings: $0) }
        stream = StreamMachine(policy: environment.streamPolicy, random: environment.random)
        let (jobs, inbox) = AsyncStream.makeStream(of: Job.self)
        self.inbox = inbox
        Task { await self.run(jobs) }
    }

    private func run(_ jobs: AsyncStream<Job>) async {
        for await job in jobs {
            await job(self)
        }
        // The instance was removed: end every subscription, release the socket, the timers and
        // the tasks, and the query states, which hold their cores and so this owner (a cycle that
        // kept every result).
        let deleted = DataConnectInitError(code: .appNotConfigured, message: "the DataConnectApp \"\(appName)\" was deleted")
        for entry in queries.values { entry.end(deleted, owner: self) }
        socket?.close()
        socket = nil
        streamTimers.values.forEach { $0.cancel() }
        streamTimers = [:]
        tasks.values.forEach { $0.cancel() }
        refresh = RefreshScheduler()
        queries = [:]
        cacheTargets = [:]
    }

    /// Runs `job` on the owner after every job posted before it.
    nonisolated func post(_ job: @escaping Job) { inbox.yield(job) }

    /// Ends the owner's work (the app was deleted).
    nonisolated func shutDown() { inbox.finish() }

    /// Runs `work` as a task on the owner, cancelled when the owner shuts down.
    @discardableResult
    func spawn(_ work: @escaping Job) -> Task<Void, Never> {
        let id = nextTaskID
        nextTaskID += 1
        let task = Task { await work(self); self.tasks[id] = nil }
        tasks[id] = task
        return task
    }

    /// The state of `core`, created on first use.
    func state<ResultData, Variable>(_ core: QueryCore<ResultData, Variable>) -> QueryState<ResultData, Variable> {
        let id = ObjectIdentifier(core)
        if let existing = queries[id] as? QueryState<ResultData, Variable> { return existing }
        let created = QueryState(core: core)
        queries[id] = created
        if let key = core.cacheKey, cache != nil { cacheTargets[key, default: []].append(id) }
        return created
    }

    /// Runs `body` on the owner with the state of `core` (`QueryCore` enters its state this way).
    func withState<ResultData, Variable, T: Sendable>(
        of core: QueryCore<ResultData, Variable>, _ body: @Sendable (QueryState<ResultData, Variable>, isolated DataConnectBackend) async throws -> T
    ) async rethrows -> T {
        try await body(state(core), self)
    }

    /// Runs `delivery` (yields to subscribers) now, or at the end of the stream batch being handled, in order.
    func deliver(_ delivery: @escaping () -> Void) {
        if heldDeliveries == nil { delivery() } else { heldDeliveries?.append(delivery) }
    }

    /// Hands each changed query's new data to the states showing it, except `writer`. Queries of
    /// one result type showing equal data (one entity in many queries) share one decoding.
    func republish(_ changes: [(key: String, data: JSONValue)], stamp: QueryStamp, scope: CacheScope, except writer: ObjectIdentifier) {
        var decoded: DecodedResults = [:]
        for change in changes {
            for id in cacheTargets[change.key] ?? [] where id != writer {
                queries[id]?.republish(change.data, stamp: stamp, scope: scope, decoded: &decoded, owner: self)
            }
        }
    }

    // MARK: Endpoint and requests (nonisolated: they leave the owner)

    nonisolated var settings: DataConnectSettings { endpoint.withLock { $0 } }

    nonisolated func replaceEndpoint(host: String, port: Int, sslEnabled: Bool) {
        endpoint.withLock { settings in
            settings = DataConnectSettings(host: host, port: port, sslEnabled: sslEnabled, cacheSettings: settings.cacheSettings)
        }
    }

    /// Names the service of a connector within an app: mutations refresh the live queries of every connector of it.
    static func serviceKey(appName: String, connectorConfig: ConnectorConfig) -> String {
        [appName, connectorConfig.serviceId, connectorConfig.location].joined(separator: "\u{0}")
    }

    /// The cache scope of a request sent with `authToken`; `nil` without a configured app.
    nonisolated func cacheScope(authToken: String?) -> CacheScope? {
        guard let app = DataConnectApp.app(name: appName) else { return nil }
        let settings = self.settings
        return CacheScope(
            appName: appName, projectID: app.options.projectID, connector: connectorConfig,
            endpoint: "\(settings.host):\(settings.port)", user: UserIdentity.user(fromToken: authToken))
    }

    /// The scope of the user signed in now, asking the auth token provider; `nil` when the
    /// app is not configured or the provider fails (the cache is then not consulted).
    nonisolated func currentCacheScope() async -> CacheScope? {
        guard let app = DataConnectApp.app(name: appName) else { return nil }
        var token: String?
        if let provider = app.options.authTokenProvider {
            do {
                token = try await provider(false)
            } catch {
                return nil
            }
        }
        return cacheScope(authToken: token)
    }

    /// Sends an operation with the app's current options and the current endpoint.
    nonisolated func perform(kind: OperationKind, operationName: String, variables: Data) async throws -> ServerResponse {
        guard let app = DataConnectApp.app(name: appName) else {
            throw DataConnectInitError(
                code: .appNotConfigured,
                message: "no DataConnectApp named \"\(appName)\" is configured; call DataConnectApp.configure(options:) first")
        }
        let options = app.options
        let builder = RequestBuilder(
            connector: connectorConfig, settings: settings, projectID: options.projectID, apiKey: options.apiKey,
            googleAppID: options.googleAppID, callerSDKType: callerSDKType, timeout: options.requestTimeout)
        let response = try await RESTTransport(builder: builder, options: options, clock: environment.clock)
            .execute(kind: kind, operationName: operationName, variables: variables)
        if cacheSettings != nil {
            postStreamEvent(.tokenObserved(response.authToken, now: environment.clock.now))
        }
        return response
    }

    // MARK: Live queries and background fetches

    var liveQueryCount: Int { refresh.liveQueryCount }

    /// Starts refreshing a query that got its first subscriber (after mutations, by polling).
    func addLiveQuery(_ id: ObjectIdentifier, _ query: LiveQuery) {
        let poll = query.rules?.interval.map { interval in
            spawn { owner in
                while (try? await owner.environment.clock.sleep(seconds: interval)) != nil {
                    if owner.queries[id]?.isStreamed == false { owner.fetchInBackground(id, .refresh) }
                }
            }
        }
        refresh.add(id, query, poll: poll)
    }

    func removeLiveQuery(_ id: ObjectIdentifier) { refresh.remove(id) }

    /// A mutation of this process was answered: re-runs the live queries it refreshes, here
    /// and in the other connectors of the same service.
    func mutationCompleted(_ mutation: MutationEvent) async {
        let key = Self.serviceKey(appName: appName, connectorConfig: connectorConfig)
        for backend in DataConnect.backends(serviceKey: key) {
            await backend.refreshLiveQueries(after: mutation)
        }
    }

    private func refreshLiveQueries(after mutation: MutationEvent) {
        for id in refresh.refreshed(by: mutation) {
            fetchInBackground(id, .refresh)
        }
    }

    /// The background fetches running and waiting, for tests.
    var backgroundFetches: (running: Int, queued: Int) { (runningFetches, queuedFetches.count) }

    /// Queues a fetch of a query that the owner starts by itself; at most
    /// `maxBackgroundFetches` run at once, the others wait in order (a query waits once).
    func fetchInBackground(_ id: ObjectIdentifier, _ kind: BackgroundFetch) {
        if let index = queuedFetches.firstIndex(where: { $0.id == id }) {
            if kind == .refresh { queuedFetches[index].kind = .refresh }
            return
        }
        queuedFetches.append((id, kind))
        startFetches()
    }

    private func startFetches() {
        while runningFetches < Self.maxBackgroundFetches, !queuedFetches.isEmpty {
            let (id, kind) = queuedFetches.removeFirst()
            guard queries[id]?.wantsBackgroundFetch(kind) == true else { continue }
            runningFetches += 1
            spawn { owner in
                await owner.queries[id]?.fetchInBackground(kind, owner: owner)
                owner.runningFetches -= 1
                owner.startFetches()
            }
        }
    }
}

/// Why the owner fetches a query by itself.
enum BackgroundFetch: Sendable {
    /// The stream cannot serve it (or it has no stream): `.preferCache`, skipped once the stream serves it.
    case fallback
    /// Its refresh rules asked (a mutation, polling): `.serverOnly`.
    case refresh
}

/// A query's state as the owner sees it, whatever its result type.
/// The last decoding per result type during one republish: (data, decoded result).
typealias DecodedResults = [ObjectIdentifier: (data: JSONValue, result: Any)]

protocol QueryEntry: AnyObject {
    var isStreamed: Bool { get }
    func wantsBackgroundFetch(_ kind: BackgroundFetch) -> Bool
    func republish(_ data: JSONValue, stamp: QueryStamp, scope: CacheScope, decoded: inout DecodedResults, owner: isolated DataConnectBackend)
    func streamDelivered(_ delivery: StreamDelivery, owner: isolated DataConnectBackend) async
    func fetchInBackground(_ kind: BackgroundFetch, owner: isolated DataConnectBackend) async
    /// Delivers `error` as the last element to every subscriber and ends their sequences.
    func end(_ error: DataConnectError, owner: isolated DataConnectBackend)
}
