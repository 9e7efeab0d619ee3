import Foundation

/// What a connection attempt needs, read from the app and settings at connect time.
struct StreamContext: Sendable {
    let url: URL
    /// `projects/{p}/locations/{l}/services/{s}/connectors/{c}`.
    let resourceName: String
    let headers: @Sendable (_ authToken: String?, _ appCheckToken: String?) -> [(String, String)]
    let authToken: @Sendable (_ forceRefresh: Bool) async throws -> String?
    let appCheckToken: @Sendable () async -> String?
}

/// The realtime stream of a `DataConnect` instance: one `ConnectorStreamService/Connect`
/// WebSocket shared by all its subscriptions (docs/realtime.md, "Protocol"), driven on the
/// owner. The owner feeds every event to its `StreamMachine` through the inbox (one event's
/// actions are all performed before the next event) and performs the actions: frames
/// leave in the order the machine decided them, deliveries reach query states in order.
///
/// A subscribed query uses the stream when the instance has `cacheSettings` (the server
/// pushes only to connectors deployed with `clientCache`, docs/realtime.md, and generated
/// code sets `cacheSettings` exactly then) and the endpoint's scheme can be served
/// (`WebSocketConnector.isAvailable`): `ws://` always (own client), `wss://` unless a first
/// attempt found it unsupported.
extension DataConnectBackend {
    /// Subscribes query `id` to (`operationName`, `variables`) on the stream, replacing its
    /// earlier subscription; `false` when the stream cannot serve it here at all (then the
    /// caller fetches over REST). After `true`, the query's state hears `.fallback` whenever
    /// the stream stops serving it and `.response` when it serves it again.
    func subscribeToStream(_ id: ObjectIdentifier, key: String, operationName: String, variables: Data) -> Bool {
        guard cacheSettings != nil, let url = streamContext()?.url, environment.webSockets.isAvailable(for: url) else { return false }
        postStreamEvent(.subscribe(key: key, operationName: operationName, variables: variables, listener: id))
        return true
    }

    /// Ends query `id`'s subscription, if it has one.
    func unsubscribeFromStream(_ id: ObjectIdentifier) { postStreamEvent(.unsubscribe(listener: id)) }

    /// The number of live stream subscriptions (distinct queries), for tests and benchmarks.
    var streamSubscriptionCount: Int { stream.subscriptions.count }

    /// Feeds `event` to the machine after everything posted before it. Events wait in a batch that one inbox job takes
    /// whole: a burst of pushes costs one owner turn, and their subscribers are woken together at its end (for one event, no wait).
    nonisolated func postStreamEvent(_ event: StreamMachine.Event) {
        guard streamEvents.withLock({ $0.append(event); return $0.count == 1 }) else { return }
        post { await $0.handleStreamBatch() }
    }

    private func handleStreamBatch() async {
        var events: [StreamMachine.Event] = []
        streamEvents.withLock { swap(&events, &$0) }
        heldDeliveries = events.count > 1 ? [] : nil
        for event in events { await handleStream(event) }
        let held = heldDeliveries ?? []
        heldDeliveries = nil
        held.forEach { $0() }
    }

    /// Applies one event and performs the machine's actions.
    private func handleStream(_ event: StreamMachine.Event) async {
        for action in stream.handle(event) {
            switch action {
            case .connect(let generation, let force):
                let context = streamContext()
                spawn { owner in
                    let ready = await Self.readTokens(context, generation: generation, force: force, clock: owner.environment.clock)
                    owner.postStreamEvent(ready)
                }
            case .open(let generation, let url):
                socket = environment.webSockets.open(url: url) { [weak self] socketEvent in
                    self?.postStreamEvent(Self.event(socketEvent, generation: generation))
                }
            case .send(let text):
                socket?.send(text: text)
            case .ping:
                socket?.sendPing()
            case .close:
                socket?.close()
                socket = nil
            case .schedule(let id, let delay, let serial):
                streamTimers[id]?.cancel()
                streamTimers[id] = environment.clock.schedule(after: delay) { [weak self] in
                    self?.postStreamEvent(.timer(id, serial: serial))
                }
            case .cancel(let id):
                streamTimers.removeValue(forKey: id)?.cancel()
            case .refreshToken(let generation, let current):
                let context = streamContext()
                spawn { owner in
                    guard let context else { return }
                    let outcome: Result<String?, StreamMachine.TokenFailure>
                    do {
                        var token = try await context.authToken(false)
                        if token == current { token = try await context.authToken(true) }
                        outcome = .success(token)
                    } catch {
                        outcome = .failure(StreamMachine.TokenFailure(message: "\(error)"))
                    }
                    owner.postStreamEvent(.tokenRefreshed(generation: generation, outcome, now: owner.environment.clock.now))
                }
            case .deliver(let delivery, let ids):
                for id in ids { await queries[id]?.streamDelivered(delivery, owner: self) }
            case .markUnsupported(let url, let failure):
                environment.webSockets.markUnsupported(url, failure, warn: environment.warn)
            case .warn(let message):
                environment.warn(message)
            }
        }
    }

    /// A socket event as a machine event of connection `generation` (parsed on the socket's thread).
    private static func event(_ event: WebSocketEvent, generation: Int) -> StreamMachine.Event {
        switch event {
        case .text(let text):
            return .message(generation: generation, Result { try StreamResponse.decode(Data(text.utf8)) }.mapError(transportError))
        case .binary(let bytes):
            return .message(generation: generation, Result { try StreamResponse.decode(Data(bytes)) }.mapError(transportError))
        case .pong:
            return .pong(generation: generation)
        case .closed(let failure):
            return .closed(generation: generation, failure)
        }
    }

    private static func transportError(_ error: Error) -> DataConnectTransportError {
        error as? DataConnectTransportError ?? DataConnectTransportError(code: .invalidResponse, message: "\(error)")
    }

    /// Reads the app's tokens (off the owner) for connection `generation`.
    private nonisolated static func readTokens(_ context: StreamContext?, generation: Int, force: Bool, clock: any RuntimeClock) async
        -> StreamMachine.Event
    {
        guard let context else { return .connectFailed(generation: generation, reason: "no DataConnectApp is configured") }
        let token: String?
        do {
            token = try await context.authToken(force)
        } catch {
            return .connectFailed(generation: generation, reason: "the auth token provider failed: \(error)")
        }
        let appCheckToken = await context.appCheckToken()
        let initFrame = StreamRequest.initial(name: context.resourceName, headers: context.headers(token, appCheckToken))
        return .connectReady(generation: generation, url: context.url, initFrame: initFrame, authToken: token, now: clock.now)
    }

    /// The endpoint, names and token sources of the app as configured now.
    nonisolated func streamContext() -> StreamContext? {
        guard let app = DataConnectApp.app(name: appName) else { return nil }
        let options = app.options
        let settings = settings
        let builder = RequestBuilder(
            connector: connectorConfig, settings: settings, projectID: options.projectID, apiKey: options.apiKey,
            googleAppID: options.googleAppID, callerSDKType: callerSDKType, timeout: options.requestTimeout)
        guard let url = Self.streamURL(settings: settings, projectID: options.projectID, connector: connectorConfig) else { return nil }
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
    static func streamURL(settings: DataConnectSettings, projectID: String, connector: ConnectorConfig) -> URL? {
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
