import Foundation

/// The part of a `DataConnect` instance that refs need: endpoint settings, the app to
/// take options from, and the set of live query subscriptions mutations refresh.
final class DataConnectBackend: Sendable {
    let appName: String
    let connectorConfig: ConnectorConfig
    let callerSDKType: CallerSDKType
    private let settingsState: Locked<DataConnectSettings>
    private let liveQueries = Locked<[ObjectIdentifier: @Sendable () async -> Void]>([:])

    init(appName: String, connectorConfig: ConnectorConfig, callerSDKType: CallerSDKType, settings: DataConnectSettings) {
        self.appName = appName
        self.connectorConfig = connectorConfig
        self.callerSDKType = callerSDKType
        settingsState = Locked(settings)
    }

    var settings: DataConnectSettings {
        settingsState.withLock { $0 }
    }

    var cacheSettings: CacheSettings? {
        settings.cacheSettings
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
        return try await RESTTransport(builder: builder, options: options)
            .execute(kind: kind, operationName: operationName, variables: variables)
    }

    /// Registers a query with subscribers; `refresh` re-executes it from the server.
    func addLiveQuery(_ id: ObjectIdentifier, refresh: @escaping @Sendable () async -> Void) {
        liveQueries.withLock { $0[id] = refresh }
    }

    func removeLiveQuery(_ id: ObjectIdentifier) {
        liveQueries.withLock { $0[id] = nil }
    }

    var liveQueryCount: Int {
        liveQueries.withLock { $0.count }
    }

    /// Re-executes every subscribed query, since a mutation may have changed any of them
    /// (the runtime does not know which tables a query reads).
    func mutationCompleted() {
        let refreshers = liveQueries.withLock { Array($0.values) }
        for refresh in refreshers {
            Task { await refresh() }
        }
    }
}
