import Foundation

/// The realtime half of a `DataConnect` instance: its one `StreamConnection`, and which
/// query core listens to which subscription.
///
/// A subscribed query uses the stream when the instance has `cacheSettings` (the server
/// pushes only to connectors deployed with `clientCache`, docs/realtime.md, and
/// generated code sets `cacheSettings` exactly then) and the endpoint's scheme can be
/// served (`WebSocketConnector.isAvailable`): `ws://` always (own client), `wss://` unless
/// a first attempt found it unsupported.
final class RealtimeStreams: Sendable {
    private let appName: String
    private let connectorConfig: ConnectorConfig
    private let callerSDKType: CallerSDKType
    private let settings: @Sendable () -> DataConnectSettings
    private let environment: RuntimeEnvironment
    private let connection = Locked<StreamConnection?>(nil)

    init(appName: String, connectorConfig: ConnectorConfig, callerSDKType: CallerSDKType,
         settings: @escaping @Sendable () -> DataConnectSettings, environment: RuntimeEnvironment) {
        self.appName = appName
        self.connectorConfig = connectorConfig
        self.callerSDKType = callerSDKType
        self.settings = settings
        self.environment = environment
    }

    /// Subscribes `target` to (`operationName`, `variables`) on the stream, replacing its
    /// earlier subscription; `false` when the stream cannot serve it here at all (then the
    /// caller fetches over REST). After `true`, `listener` hears `.fallback` whenever the
    /// stream stops serving the query and `.response` when it serves it again.
    func subscribe(_ target: ObjectIdentifier, key: String, operationName: String, variables: Data,
                   listener: @escaping StreamConnection.Listener) -> Bool {
        guard settings().cacheSettings != nil, let url = context()?.url, environment.webSockets.isAvailable(for: url) else { return false }
        streamConnection().subscribe(key: key, operationName: operationName, variables: variables, id: target, listener: listener)
        return true
    }

    /// Ends `target`'s subscription, if it has one.
    func unsubscribe(_ target: ObjectIdentifier) {
        connection.withLock { $0 }?.unsubscribe(id: target)
    }

    /// Tells an open stream which auth token a REST request was just sent with.
    func tokenObserved(_ token: String?) {
        connection.withLock { $0 }?.tokenObserved(token)
    }

    /// The connection, created on first use.
    func streamConnection() -> StreamConnection {
        if let existing = connection.withLock({ $0 }) { return existing }
        let created = StreamConnection(
            environment: environment, context: { [weak self] in self?.context() },
            onUnsupported: { [connector = environment.webSockets] url, failure in connector.markUnsupported(url, failure) })
        // Two first subscriptions at once: the one stored first wins, the other is dropped unused.
        return connection.withLock { stored in
            if let stored { return stored }
            stored = created
            return created
        }
    }

    /// The endpoint, names and token sources of the app as configured now.
    private func context() -> StreamContext? {
        guard let app = DataConnectApp.app(name: appName) else { return nil }
        let options = app.options
        let settings = settings()
        let builder = RequestBuilder(
            connector: connectorConfig, settings: settings, projectID: options.projectID, apiKey: options.apiKey,
            googleAppID: options.googleAppID, callerSDKType: callerSDKType, timeout: options.requestTimeout)
        guard let url = RealtimeStreams.url(settings: settings, projectID: options.projectID, connector: connectorConfig) else { return nil }
        let authProvider = options.authTokenProvider
        let appCheckProvider = options.appCheckTokenProvider
        return StreamContext(
            url: url, resourceName: builder.resourceName,
            headers: { authToken, appCheckToken in
                builder.headers(authToken: authToken, appCheckToken: appCheckToken).filter { $0.0 != "Content-Type" }
            },
            authToken: { force in try await authProvider?(force) },
            appCheckToken: { try? await appCheckProvider?() })
    }

    /// `wss://host/ws/google.firebase.dataconnect.v1.ConnectorStreamService.Connect/{project}/locations/{location}/services/{service}`
    /// (JS SDK 0.7.4's path, `util/url.ts`), `ws://` for an emulator without TLS.
    static func url(settings: DataConnectSettings, projectID: String, connector: ConnectorConfig) -> URL? {
        let scheme = settings.sslEnabled ? "wss" : "ws"
        let defaultPort = settings.sslEnabled ? 443 : 80
        let host = settings.host.contains(":") && !settings.host.hasPrefix("[") ? "[\(settings.host)]" : settings.host
        let port = settings.port == defaultPort ? "" : ":\(settings.port)"
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        let segments = [projectID, "locations", connector.location, "services", connector.serviceId]
            .map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
        return URL(string: "\(scheme)://\(host)\(port)/ws/google.firebase.dataconnect.v1.ConnectorStreamService.Connect/"
            + segments.joined(separator: "/"))
    }
}
