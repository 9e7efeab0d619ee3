import Foundation

/// A query core as the cache sees it: something to hand new data when another query's
/// result changed entities it shows.
protocol CacheTarget: AnyObject, Sendable {
    func republish(_ data: JSONValue, stamp: QueryStamp, scope: CacheScope)
}

/// The part of a `DataConnect` instance that refs need: endpoint settings, the app to
/// take options from, the client cache, and the scheduler that refreshes live queries.
final class DataConnectBackend: Sendable {
    private struct WeakTarget: @unchecked Sendable {
        // @unchecked: `weak` storage of a Sendable class, only read under the registry's lock.
        weak var target: (any CacheTarget)?
    }

    let appName: String
    let connectorConfig: ConnectorConfig
    let callerSDKType: CallerSDKType
    /// The normalized cache, when `DataConnectSettings.cacheSettings` asks for one.
    let cache: ClientCache?
    /// Client-side `@refresh`, shared with the other connectors of the same service.
    let refreshScheduler: RefreshScheduler
    /// Server-pushed query results over the connector's stream.
    let realtime: RealtimeStreams
    /// Clock and caches folder, fixed at construction.
    let environment: RuntimeEnvironment
    private let settingsState: Locked<DataConnectSettings>
    private let cacheTargets = Locked<[String: [WeakTarget]]>([:])

    init(
        appName: String, connectorConfig: ConnectorConfig, callerSDKType: CallerSDKType, settings: DataConnectSettings,
        environment: RuntimeEnvironment
    ) {
        self.appName = appName
        self.environment = environment
        self.connectorConfig = connectorConfig
        self.callerSDKType = callerSDKType
        let settingsState = Locked(settings)
        self.settingsState = settingsState
        cache = settings.cacheSettings.map { ClientCache(settings: $0, environment: environment) }
        refreshScheduler = RefreshScheduler.shared(for: Self.serviceKey(appName: appName, connectorConfig: connectorConfig), clock: environment.clock)
        realtime = RealtimeStreams(
            appName: appName, connectorConfig: connectorConfig, callerSDKType: callerSDKType,
            settings: { settingsState.withLock { $0 } }, environment: environment)
    }

    /// Names the service of a connector within an app, for the shared refresh scheduler.
    static func serviceKey(appName: String, connectorConfig: ConnectorConfig) -> String {
        [appName, connectorConfig.serviceId, connectorConfig.location].joined(separator: "\u{0}")
    }

    /// The cache scope of a request sent with `authToken`; `nil` without a configured app.
    func cacheScope(authToken: String?) -> CacheScope? {
        guard let app = DataConnectApp.app(name: appName) else { return nil }
        let settings = self.settings
        return CacheScope(
            appName: appName, projectID: app.options.projectID, connector: connectorConfig,
            endpoint: "\(settings.host):\(settings.port)", user: UserIdentity.user(fromToken: authToken))
    }

    /// The scope of the user signed in now, asking the auth token provider; `nil` when the
    /// app is not configured or the provider fails (the cache is then not consulted).
    func currentCacheScope() async -> CacheScope? {
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

    /// Registers `target` as showing the cached query `key`.
    func registerCacheTarget(_ target: any CacheTarget, key: String) {
        cacheTargets.withLock { targets in
            targets[key, default: []].removeAll { $0.target == nil }
            targets[key, default: []].append(WeakTarget(target: target))
        }
    }

    /// Hands each changed query's new data to the cores showing it, except `writer`.
    func republish(_ changes: [(key: String, data: JSONValue)], stamp: QueryStamp, scope: CacheScope, except writer: ObjectIdentifier) {
        let deliveries = cacheTargets.withLock { targets in
            changes.flatMap { change in
                (targets[change.key] ?? []).compactMap(\.target)
                    .filter { ObjectIdentifier($0) != writer }
                    .map { (target: $0, data: change.data) }
            }
        }
        for delivery in deliveries {
            delivery.target.republish(delivery.data, stamp: stamp, scope: scope)
        }
    }

    var settings: DataConnectSettings {
        settingsState.withLock { $0 }
    }

    func replaceEndpoint(host: String, port: Int, sslEnabled: Bool) {
        settingsState.withLock { settings in
            settings = DataConnectSettings(host: host, port: port, sslEnabled: sslEnabled, cacheSettings: settings.cacheSettings)
        }
    }

    /// Sends an operation with the app's current options and the current endpoint.
    func perform(kind: OperationKind, operationName: String, variables: Data) async throws -> ServerResponse {
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
        realtime.tokenObserved(response.authToken)
        return response
    }

    /// Registers a query with subscribers, for mutations and polling to refresh.
    func addLiveQuery(_ id: ObjectIdentifier, _ query: LiveQuery) {
        refreshScheduler.add(id, query)
    }

    func removeLiveQuery(_ id: ObjectIdentifier) {
        refreshScheduler.remove(id)
    }

    var liveQueryCount: Int {
        refreshScheduler.liveQueryCount
    }

    /// Re-executes the live queries the mutation refreshes (`RefreshMatcher`).
    func mutationCompleted(_ mutation: MutationEvent) {
        refreshScheduler.mutationCompleted(mutation)
    }
}
