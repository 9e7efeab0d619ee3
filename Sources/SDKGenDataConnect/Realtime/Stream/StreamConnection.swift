import Foundation

/// What a stream subscription hands its listener.
enum StreamDelivery: Sendable {
    /// A result pushed for the query (the first one answers `subscribe`); `authToken` is
    /// the token the connection runs with, which decides the cache scope.
    case response(ServerResponse)
    /// A stream-level error; the subscription stays and is re-sent after reconnecting.
    case failure(DataConnectTransportError)
    /// The subscription is over; nothing follows.
    case ended(DataConnectRealtimeError)
    /// The stream cannot serve this platform and URL; the listener must fall back to fetching.
    case unavailable
}

/// What a connection attempt needs, read from the app and settings at connect time.
struct StreamContext: Sendable {
    let url: URL
    /// `projects/{p}/locations/{l}/services/{s}/connectors/{c}`.
    let resourceName: String
    let headers: @Sendable (_ authToken: String?, _ appCheckToken: String?) -> [(String, String)]
    let authToken: @Sendable (_ forceRefresh: Bool) async throws -> String?
    let appCheckToken: @Sendable () async -> String?
}

/// The injectable parts of a stream connection.
struct StreamEnvironment: Sendable {
    var connector: any WebSocketConnector = PlatformWebSocketConnector()
    var clock: any StreamClock = DispatchStreamClock()
    /// Uniform in 0..<1, for backoff jitter.
    var random: @Sendable () -> Double = { Double.random(in: 0..<1) }
    var policy = StreamPolicy()
}

/// One `ConnectorStreamService/Connect` WebSocket per connector, shared by all its
/// subscriptions (docs/realtime.md, "Protocol"): opened lazily by the first subscription,
/// one `subscribe` per (operation, variables) with a request id stable across reconnects,
/// keepalive pings, reconnects with backoff re-sending every live `subscribe`, in-band
/// token refresh, and an idle close after the last subscription ends.
///
/// All state is behind one lock. Frames are sent under it (sends never block), so they
/// leave in the order the state changed; listeners are called outside it.
final class StreamConnection: Sendable {
    typealias Listener = @Sendable (StreamDelivery) -> Void

    private struct Subscription {
        let requestID: String
        let operationName: String
        let variables: Data
        var listeners: [Int: Listener]
    }

    private enum Phase {
        /// No socket and nothing to reconnect.
        case idle
        /// Reading tokens before opening a socket.
        case connecting
        /// A socket exists (its upgrade may still be in progress: frames queue).
        case open
        /// Waiting for the backoff timer to reconnect.
        case waiting
    }

    private struct State {
        var subscriptions: [String: Subscription] = [:]
        var keyByRequestID: [String: String] = [:]
        var nextRequestID = 1
        var nextListenerID = 0
        var phase = Phase.idle
        /// Bumped whenever a socket or connection attempt is abandoned, so its late events and timers are ignored.
        var generation = 0
        var socket: (any WebSocketConnection)?
        var attempt = 0
        var authToken: String?
        /// The user the subscriptions belong to; a different one ends them.
        var user: String?
        var forceTokenRefresh = false
        var authRequests = 0
        var url: URL?
        var keepalive: (any StreamTimer)?
        var pongDeadline: (any StreamTimer)?
        var reconnect: (any StreamTimer)?
        var idleClose: (any StreamTimer)?
        var tokenRefresh: (any StreamTimer)?

        mutating func cancelConnectionTimers() {
            for timer in [keepalive, pongDeadline, tokenRefresh] { timer?.cancel() }
            keepalive = nil
            pongDeadline = nil
            tokenRefresh = nil
        }

        /// Closes the socket and forgets the connection's user and token (the next connection starts fresh).
        mutating func abandonAndReset() {
            generation += 1
            socket?.close()
            socket = nil
            cancelConnectionTimers()
            phase = .idle
            user = nil
            authToken = nil
            attempt = 0
        }

        var allListeners: [Listener] {
            subscriptions.values.flatMap { $0.listeners.values }
        }
    }

    /// Work decided under the lock and done after it.
    private struct Effects {
        var deliveries: [(Listener, StreamDelivery)] = []
        var connect: Int?
        var refreshToken: Int?
        var unsupported: (URL, WebSocketFailure)?
        var warnings: [String] = []

        mutating func deliver(_ delivery: StreamDelivery, to listeners: [Listener]) {
            deliveries += listeners.map { ($0, delivery) }
        }
    }

    private let environment: StreamEnvironment
    private let context: @Sendable () -> StreamContext?
    private let onUnsupported: @Sendable (URL, WebSocketFailure) -> Void
    private let state = Locked(State())

    init(environment: StreamEnvironment, context: @escaping @Sendable () -> StreamContext?,
         onUnsupported: @escaping @Sendable (URL, WebSocketFailure) -> Void) {
        self.environment = environment
        self.context = context
        self.onUnsupported = onUnsupported
    }

    // MARK: Subscriptions

    /// Adds `listener` to the subscription of (`operationName`, `variables`) under `key`,
    /// creating it (and the connection) when needed; returns the listener's id.
    func subscribe(key: String, operationName: String, variables: Data, listener: @escaping Listener) -> Int {
        var effects = Effects()
        let id = state.withLock { state -> Int in
            state.idleClose?.cancel()
            state.idleClose = nil
            let id = state.nextListenerID
            state.nextListenerID += 1
            if var existing = state.subscriptions[key] {
                existing.listeners[id] = listener
                state.subscriptions[key] = existing
                // Another listener joined: ask the server to re-send the current result.
                if state.phase == .open { state.socket?.send(text: StreamRequest.resume(requestID: existing.requestID)) }
                return id
            }
            let requestID = String(state.nextRequestID)
            state.nextRequestID += 1
            state.subscriptions[key] = Subscription(requestID: requestID, operationName: operationName, variables: variables, listeners: [id: listener])
            state.keyByRequestID[requestID] = key
            switch state.phase {
            case .open:
                state.socket?.send(text: StreamRequest.subscribe(requestID: requestID, operationName: operationName, variables: variables))
            case .idle:
                startConnecting(&state, &effects)
            case .connecting, .waiting:
                break // sent when the socket opens
            }
            return id
        }
        perform(effects)
        return id
    }

    /// Removes a listener; the last one of a subscription sends `cancel`, and the last
    /// subscription starts the idle-close timer.
    func unsubscribe(key: String, listenerID: Int) {
        state.withLock { state in
            guard var subscription = state.subscriptions[key], subscription.listeners.removeValue(forKey: listenerID) != nil else { return }
            guard subscription.listeners.isEmpty else {
                state.subscriptions[key] = subscription
                return
            }
            state.subscriptions[key] = nil
            state.keyByRequestID[subscription.requestID] = nil
            if state.phase == .open { state.socket?.send(text: StreamRequest.cancel(requestID: subscription.requestID)) }
            if state.subscriptions.isEmpty { scheduleIdleClose(&state) }
        }
    }

    /// The number of live subscriptions (distinct queries), for tests and benchmarks.
    var subscriptionCount: Int {
        state.withLock { $0.subscriptions.count }
    }

    // MARK: Connecting

    private func startConnecting(_ state: inout State, _ effects: inout Effects) {
        state.generation += 1
        state.phase = .connecting
        effects.connect = state.generation
    }

    private func connect(generation: Int) async {
        let force = state.withLock { state -> Bool? in
            guard state.generation == generation, state.phase == .connecting else { return nil }
            defer { state.forceTokenRefresh = false }
            return state.forceTokenRefresh
        }
        guard let force else { return }
        guard let context = context() else {
            return connectFailed(generation: generation, reason: "no DataConnectApp is configured")
        }
        let token: String?
        do {
            token = try await context.authToken(force)
        } catch {
            return connectFailed(generation: generation, reason: "the auth token provider failed: \(error)")
        }
        let appCheckToken = await context.appCheckToken()
        var effects = Effects()
        state.withLock { state in
            guard state.generation == generation, state.phase == .connecting else { return }
            let user = UserIdentity.user(fromToken: token)
            if let previous = state.user, previous != user {
                endAll(.userChanged, "the signed-in user changed", &state, &effects)
                return
            }
            state.user = user
            state.authToken = token
            let socket = environment.connector.open(url: context.url) { [weak self] event in
                self?.handle(event, generation: generation)
            }
            state.socket = socket
            state.url = context.url
            state.phase = .open
            socket.send(text: StreamRequest.initial(name: context.resourceName, headers: context.headers(token, appCheckToken)))
            for subscription in state.subscriptions.values.sorted(by: { Int($0.requestID) ?? 0 < Int($1.requestID) ?? 0 }) {
                socket.send(text: StreamRequest.subscribe(
                    requestID: subscription.requestID, operationName: subscription.operationName, variables: subscription.variables))
            }
            scheduleKeepalive(&state)
            scheduleTokenRefresh(&state, token: token)
        }
        perform(effects)
    }

    private func connectFailed(generation: Int, reason: String) {
        var effects = Effects()
        state.withLock { state in
            guard state.generation == generation, state.phase == .connecting else { return }
            effects.warnings.append("the realtime stream cannot connect: \(reason)")
            reconnectLater(&state)
        }
        perform(effects)
    }

    /// Backs off, then reconnects if subscriptions remain.
    private func reconnectLater(_ state: inout State) {
        guard !state.subscriptions.isEmpty else {
            state.phase = .idle
            return
        }
        state.phase = .waiting
        let delay = environment.policy.reconnectDelay(attempt: state.attempt, random: environment.random())
        state.attempt += 1
        let generation = state.generation
        state.reconnect = environment.clock.schedule(after: delay) { [weak self] in
            self?.reconnectFired(generation: generation)
        }
    }

    private func reconnectFired(generation: Int) {
        var effects = Effects()
        state.withLock { state in
            guard state.generation == generation, state.phase == .waiting else { return }
            guard !state.subscriptions.isEmpty else {
                state.phase = .idle
                return
            }
            startConnecting(&state, &effects)
        }
        perform(effects)
    }

    /// Drops the socket; its late events are ignored.
    private func abandonSocket(_ state: inout State) {
        state.generation += 1
        state.socket?.close()
        state.socket = nil
        state.cancelConnectionTimers()
    }

    private func scheduleIdleClose(_ state: inout State) {
        guard state.phase != .idle else { return }
        state.idleClose?.cancel()
        let generation = state.generation
        state.idleClose = environment.clock.schedule(after: environment.policy.idleClose) { [weak self] in
            self?.state.withLock { state in
                guard state.subscriptions.isEmpty, state.phase != .idle, state.generation == generation else { return }
                state.reconnect?.cancel()
                state.abandonAndReset()
            }
        }
    }

    // MARK: Socket events

    private func handle(_ event: WebSocketEvent, generation: Int) {
        switch event {
        case .text(let text):
            receive(Data(text.utf8), generation: generation)
        case .binary(let bytes):
            receive(Data(bytes), generation: generation)
        case .pong:
            state.withLock { state in
                guard state.generation == generation else { return }
                state.pongDeadline?.cancel()
                state.pongDeadline = nil
            }
        case .closed(let failure):
            closed(failure, generation: generation)
        }
    }

    private func receive(_ frame: Data, generation: Int) {
        let decoded = Result { try StreamResponse.decode(frame) }
        var effects = Effects()
        state.withLock { state in
            guard state.generation == generation else { return }
            // The connection works: the next drop starts the backoff from the beginning.
            state.attempt = 0
            switch decoded {
            case .failure(let error):
                effects.warnings.append("ignoring a realtime frame: \(error)")
            case .success(.result(let requestID, var response, let cancelled)):
                guard let key = state.keyByRequestID[requestID], let subscription = state.subscriptions[key] else {
                    effects.warnings.append("ignoring a realtime result for unknown request \(requestID)")
                    return
                }
                let listeners = Array(subscription.listeners.values)
                if cancelled {
                    state.subscriptions[key] = nil
                    state.keyByRequestID[requestID] = nil
                    effects.deliver(.ended(DataConnectRealtimeError(
                        code: .cancelledByServer,
                        message: "the server cancelled the subscription of \(subscription.operationName)")), to: listeners)
                    if state.subscriptions.isEmpty { scheduleIdleClose(&state) }
                } else {
                    response.authToken = state.authToken
                    effects.deliver(.response(response), to: listeners)
                }
            case .success(.streamError(let error)):
                effects.warnings.append("\(error)")
                effects.deliver(.failure(error), to: state.allListeners)
                if error.code == .unauthenticated { state.forceTokenRefresh = true }
                // The gateway ends the stream after an error: start over.
                abandonSocket(&state)
                reconnectLater(&state)
            }
        }
        perform(effects)
    }

    private func closed(_ failure: WebSocketFailure?, generation: Int) {
        var effects = Effects()
        state.withLock { state in
            guard state.generation == generation else { return }
            state.socket = nil
            state.cancelConnectionTimers()
            if let failure, case .unsupported = failure {
                effects.unsupported = state.url.map { ($0, failure) }
                effects.deliver(.unavailable, to: state.allListeners)
                state.subscriptions = [:]
                state.keyByRequestID = [:]
                state.phase = .idle
                return
            }
            if state.attempt == 0 {
                effects.warnings.append("the realtime stream closed (\(failure.map { "\($0)" } ?? "normally")); reconnecting")
            }
            reconnectLater(&state)
        }
        perform(effects)
    }

    // MARK: Keepalive

    private func scheduleKeepalive(_ state: inout State) {
        let generation = state.generation
        state.keepalive = environment.clock.schedule(after: environment.policy.keepaliveInterval) { [weak self] in
            self?.ping(generation: generation)
        }
    }

    private func ping(generation: Int) {
        state.withLock { state in
            guard state.generation == generation, state.phase == .open, let socket = state.socket else { return }
            socket.sendPing()
            state.pongDeadline?.cancel()
            state.pongDeadline = environment.clock.schedule(after: environment.policy.pongTimeout) { [weak self] in
                self?.pongMissed(generation: generation)
            }
            scheduleKeepalive(&state)
        }
    }

    private func pongMissed(generation: Int) {
        var effects = Effects()
        state.withLock { state in
            guard state.generation == generation, state.phase == .open else { return }
            effects.warnings.append("no pong within \(environment.policy.pongTimeout) s; reconnecting the realtime stream")
            abandonSocket(&state)
            reconnectLater(&state)
        }
        perform(effects)
    }

    // MARK: Auth

    private func scheduleTokenRefresh(_ state: inout State, token: String?) {
        guard let delay = environment.policy.tokenRefreshDelay(token: token, now: environment.clock.now) else { return }
        scheduleTokenRefresh(&state, after: delay)
    }

    private func scheduleTokenRefresh(_ state: inout State, after delay: TimeInterval) {
        let generation = state.generation
        state.tokenRefresh?.cancel()
        state.tokenRefresh = environment.clock.schedule(after: delay) { [weak self] in
            guard let self else { return }
            Task { await self.refreshToken(generation: generation) }
        }
    }

    /// Pulls a token before the current one expires and sends it in band; a token of
    /// another user ends every subscription instead.
    private func refreshToken(generation: Int) async {
        guard let context = context() else { return }
        let current = state.withLock { $0.authToken }
        var token: String?
        var failure: Error?
        do {
            token = try await context.authToken(false)
            if token == current { token = try await context.authToken(true) }
        } catch {
            failure = error
        }
        var effects = Effects()
        state.withLock { state in
            guard state.generation == generation, state.phase == .open, let socket = state.socket else { return }
            if let failure {
                effects.warnings.append("the realtime stream cannot refresh the auth token: \(failure)")
                scheduleTokenRefresh(&state, after: environment.policy.minimumTokenRefreshDelay)
                return
            }
            if UserIdentity.user(fromToken: token) != state.user {
                endAll(.userChanged, "the signed-in user changed", &state, &effects)
                return
            }
            if let token, token != state.authToken {
                state.authRequests += 1
                socket.send(text: StreamRequest.authRefresh(requestID: "auth-\(state.authRequests)", token: token))
                state.authToken = token
            }
            scheduleTokenRefresh(&state, token: state.authToken)
        }
        perform(effects)
    }

    /// A token the app's provider handed to a REST request: another user's ends every
    /// subscription at once (not at the next refresh); a newer token of the same user is
    /// sent in band. A JWT expiring before the stream's token is older than it (a request
    /// that was in flight across a sign-in) and is ignored.
    func tokenObserved(_ token: String?) {
        var effects = Effects()
        state.withLock { state in
            guard state.phase != .idle, let user = state.user else { return }
            if let seen = token.flatMap(UserIdentity.expiry(ofToken:)),
               let current = state.authToken.flatMap(UserIdentity.expiry(ofToken:)), seen < current {
                return
            }
            if UserIdentity.user(fromToken: token) != user {
                endAll(.userChanged, "the signed-in user changed", &state, &effects)
                return
            }
            guard state.phase == .open, let socket = state.socket, let token, token != state.authToken else { return }
            state.authRequests += 1
            socket.send(text: StreamRequest.authRefresh(requestID: "auth-\(state.authRequests)", token: token))
            state.authToken = token
            scheduleTokenRefresh(&state, token: token)
        }
        perform(effects)
    }

    /// Ends every subscription with `code` and closes the connection.
    private func endAll(_ code: DataConnectRealtimeError.Code, _ message: String, _ state: inout State, _ effects: inout Effects) {
        effects.deliver(.ended(DataConnectRealtimeError(code: code, message: message)), to: state.allListeners)
        state.subscriptions = [:]
        state.keyByRequestID = [:]
        state.reconnect?.cancel()
        state.abandonAndReset()
    }

    // MARK: Effects

    private func perform(_ effects: Effects) {
        for warning in effects.warnings {
            RuntimeLog.warning(warning)
        }
        if let (url, failure) = effects.unsupported {
            onUnsupported(url, failure)
        }
        for (listener, delivery) in effects.deliveries {
            listener(delivery)
        }
        if let generation = effects.connect {
            Task { [weak self] in await self?.connect(generation: generation) }
        }
    }
}
