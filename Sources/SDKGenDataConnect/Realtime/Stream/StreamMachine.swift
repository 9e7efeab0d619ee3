import Foundation

/// The timers a stream connection runs; at most one of each is armed.
enum StreamTimerID: Hashable, Sendable {
    case keepalive, pongDeadline, reconnect, idleClose, tokenRefresh
    /// The answers to the `subscribe`s pending when it was armed are due (one timer for all, not one per subscription).
    case answers
}

/// What a stream subscription hands its listener.
enum StreamDelivery: Sendable {
    /// A result; `isAnswer` for a connection's first (the answer to `subscribe`), which may repeat what REST already showed.
    case response(ServerResponse, isAnswer: Bool)
    /// A stream-level error; the subscription stays and is re-sent after reconnecting.
    case failure(DataConnectTransportError)
    /// The subscription is over; nothing follows.
    case ended(DataConnectRealtimeError)
    /// The stream does not serve the query now: fetch it over REST and keep it current on the client until a `.response`.
    case fallback
}

/// The realtime stream's protocol logic (one `ConnectorStreamService/Connect` connection and its subscriptions) as a pure
/// state machine: `handle` maps an event to the actions the driver (`DataConnectBackend`, StreamDriver.swift) performs.
/// Nothing here does I/O or reads the time.
///
/// Timers are armed before the frames and deliveries the outside can see, so whoever reacts to those finds them armed.
///
/// A subscribed query is `pending` (sent or about to be, answer due within `StreamPolicy.answerTimeout`), `served` (answered on
/// the current connection) or `fallback` (its listeners were told to fetch it over REST).
struct StreamMachine {
    typealias ListenerID = ObjectIdentifier

    enum Phase: Equatable, Sendable {
        /// No socket and nothing to reconnect.
        case idle
        /// Reading tokens before opening a socket.
        case connecting
        /// A socket exists (its upgrade may still be in progress: frames queue).
        case open
        /// Waiting for the backoff timer to reconnect.
        case waiting
    }

    enum Status: Equatable, Sendable {
        case pending, served, fallback
    }

    struct Subscription: Sendable {
        let requestID: String
        let operationName: String
        let variables: Data
        var listeners: [ListenerID]
        var status: Status
        /// `subscribe` went out on the current connection (and the server did not cancel it).
        var sent = false
        /// While pending: the answer round whose timer makes it fall back.
        var round = 0
    }

    enum Event: Sendable {
        case subscribe(key: String, operationName: String, variables: Data, listener: ListenerID)
        case unsubscribe(listener: ListenerID)
        /// Tokens were read for connection attempt `generation`: open `url` with `initFrame`.
        case connectReady(generation: Int, url: URL, initFrame: String, authToken: String?, now: Date)
        case connectFailed(generation: Int, reason: String)
        case message(generation: Int, Result<StreamResponse, DataConnectTransportError>)
        case pong(generation: Int)
        case closed(generation: Int, WebSocketFailure?)
        case timer(StreamTimerID, serial: Int)
        /// The outcome of `Action.refreshToken`; a failure carries its description.
        case tokenRefreshed(generation: Int, Result<String?, TokenFailure>, now: Date)
        /// A REST request of the same instance was sent with `token`.
        case tokenObserved(String?, now: Date)
    }

    struct TokenFailure: Error, Sendable {
        let message: String
    }

    enum Action: Sendable {
        /// Read the tokens (forcing a refresh of the auth token when asked), then report `connectReady` or `connectFailed`.
        case connect(generation: Int, forceTokenRefresh: Bool)
        /// Open a socket whose events report with `generation`.
        case open(generation: Int, url: URL)
        case send(String)
        case ping
        /// Close the current socket; its late events carry an old generation.
        case close
        /// Arm `timer`, replacing an armed one of the same id; it reports `.timer(id, serial)`.
        case schedule(StreamTimerID, after: TimeInterval, serial: Int)
        case cancel(StreamTimerID)
        /// Ask the auth provider for a newer token than `current`, then report `tokenRefreshed`.
        case refreshToken(generation: Int, current: String?)
        case deliver(StreamDelivery, to: [ListenerID])
        case markUnsupported(URL, WebSocketFailure)
        case warn(String)
    }

    let policy: StreamPolicy
    /// Uniform in 0..<1, for backoff jitter.
    let random: @Sendable () -> Double

    private(set) var phase = Phase.idle
    private(set) var subscriptions: [String: Subscription] = [:]
    /// Bumped whenever a socket or connection attempt is abandoned, so its late events are ignored.
    private(set) var generation = 0
    /// Armed timers by id, with the serial their firing must carry.
    private(set) var armed: [StreamTimerID: Int] = [:]
    private var keyByRequestID: [String: String] = [:]
    private var keyByListener: [ListenerID: String] = [:]
    private var nextRequestID = 1
    private var timerSerial = 0
    /// Failed attempts since the connection last worked (a message arrived).
    private var attempt = 0
    private var url: URL?
    private var authToken: String?
    /// The user the subscriptions belong to; a different one ends them.
    private var user: String?
    private var forceTokenRefresh = false
    private var authRequests = 0
    /// The round of answers the armed `.answers` timer covers; later subscriptions join the next.
    private var answerRound = 0
    /// The generation whose answer timeout was logged (once per connection).
    private var silenceLogged: Int?
    private var actions: [Action] = []

    init(policy: StreamPolicy, random: @escaping @Sendable () -> Double) {
        self.policy = policy
        self.random = random
    }

    /// Applies `event`; returns what the driver must do, in order.
    mutating func handle(_ event: Event) -> [Action] {
        actions = []
        switch event {
        case .subscribe(let key, let operationName, let variables, let listener):
            subscribe(key: key, operationName: operationName, variables: variables, listener: listener)
        case .unsubscribe(let listener):
            unsubscribe(listener)
        case .connectReady(let generation, let url, let initFrame, let token, let now):
            if isCurrent(generation, .connecting) { connectReady(url: url, initFrame: initFrame, token: token, now: now) }
        case .connectFailed(let generation, let reason):
            guard isCurrent(generation, .connecting) else { break }
            actions.append(.warn("the realtime stream cannot connect: \(reason); subscriptions are fetched over REST until it can"))
            connectionLost()
        case .message(let generation, let decoded):
            if isCurrent(generation) { receive(decoded) }
        case .pong(let generation):
            if isCurrent(generation) { cancel(.pongDeadline) }
        case .closed(let generation, let failure):
            if isCurrent(generation) { closed(failure) }
        case .timer(let id, let serial):
            guard armed[id] == serial else { break }
            armed[id] = nil
            fired(id)
        case .tokenRefreshed(let generation, let outcome, let now):
            if isCurrent(generation) { tokenRefreshed(outcome, now: now) }
        case .tokenObserved(let token, let now):
            tokenObserved(token, now: now)
        }
        return actions
    }

    /// Whether an event of `generation` belongs to the connection now in `expected`.
    private func isCurrent(_ generation: Int, _ expected: Phase = .open) -> Bool {
        generation == self.generation && phase == expected
    }

    // MARK: Subscriptions

    private mutating func subscribe(key: String, operationName: String, variables: Data, listener: ListenerID) {
        if keyByListener[listener] != nil { unsubscribe(listener) }
        cancel(.idleClose)
        keyByListener[listener] = key
        if let existing = subscriptions[key] {
            subscriptions[key]!.listeners.append(listener)
            switch existing.status {
            case .served:
                // Another listener joined: ask the server to re-send the current result.
                actions.append(.send(StreamRequest.resume(requestID: existing.requestID)))
            case .fallback:
                actions.append(.deliver(.fallback, to: [listener]))
            case .pending:
                break // the answer reaches every listener
            }
            return
        }
        let requestID = String(nextRequestID)
        nextRequestID += 1
        keyByRequestID[requestID] = key
        subscriptions[key] = Subscription(
            requestID: requestID, operationName: operationName, variables: variables, listeners: [listener], status: .pending)
        if phase == .waiting {
            // The stream is down and backing off: REST serves the query until it is back.
            fallBack(key)
            return
        }
        subscriptions[key]!.round = awaitAnswer()
        if phase == .idle { startConnecting() }
        if phase == .open { sendSubscribe(key) }
    }

    private mutating func sendSubscribe(_ key: String) {
        let subscription = subscriptions[key]!
        actions.append(.send(StreamRequest.subscribe(
            requestID: subscription.requestID, operationName: subscription.operationName, variables: subscription.variables)))
        subscriptions[key]!.sent = true
    }

    private mutating func unsubscribe(_ listener: ListenerID) {
        guard let key = keyByListener.removeValue(forKey: listener), let subscription = subscriptions[key] else { return }
        subscriptions[key]!.listeners.removeAll { $0 == listener }
        guard subscriptions[key]!.listeners.isEmpty else { return }
        removeSubscription(key)
        // Timers are armed before the frames whose effects the outside can observe.
        if subscriptions.isEmpty, phase != .idle { schedule(.idleClose, after: policy.idleClose) }
        if phase == .open, subscription.sent { actions.append(.send(StreamRequest.cancel(requestID: subscription.requestID))) }
    }

    // MARK: Connecting

    private mutating func startConnecting() {
        generation += 1
        phase = .connecting
        actions.append(.connect(generation: generation, forceTokenRefresh: forceTokenRefresh))
        forceTokenRefresh = false
    }

    private mutating func connectReady(url: URL, initFrame: String, token: String?, now: Date) {
        let tokenUser = UserIdentity.user(fromToken: token)
        if let user, user != tokenUser { return userChanged() }
        user = tokenUser
        authToken = token
        self.url = url
        phase = .open
        schedule(.keepalive, after: policy.keepaliveInterval)
        scheduleTokenRefresh(now: now)
        actions.append(.open(generation: generation, url: url))
        actions.append(.send(initFrame))
        for key in orderedKeys { sendSubscribe(key) }
    }

    /// Connection lost or never made: all queries fall back to REST (after `failure`, if any, reached every listener); retries later.
    private mutating func connectionLost(failure: DataConnectTransportError? = nil) {
        guard !subscriptions.isEmpty else {
            phase = .idle
            return
        }
        phase = .waiting
        let delay = policy.reconnectDelay(attempt: attempt, random: random())
        attempt += 1
        schedule(.reconnect, after: delay)
        if let failure { actions.append(.deliver(.failure(failure), to: orderedKeys.flatMap { subscriptions[$0]!.listeners })) }
        for key in orderedKeys {
            subscriptions[key]!.sent = false
            fallBack(key)
        }
    }

    /// Tells the listeners of `key` to fetch over REST, unless they already do.
    private mutating func fallBack(_ key: String) {
        guard let subscription = subscriptions[key], subscription.status != .fallback else { return }
        subscriptions[key]!.status = .fallback
        actions.append(.deliver(.fallback, to: subscription.listeners))
    }

    /// Closes the socket (unless it closed itself); its late events and the connection's timers are ignored from now on.
    private mutating func abandonSocket(closing: Bool = true) {
        generation += 1
        if closing, phase == .open { actions.append(.close) }
        for timer in [StreamTimerID.keepalive, .pongDeadline, .tokenRefresh] { cancel(timer) }
    }

    private mutating func closed(_ failure: WebSocketFailure?) {
        abandonSocket(closing: false)
        if let failure, case .unsupported = failure {
            // This platform has no client for the scheme: REST serves these queries for good.
            if let url { actions.append(.markUnsupported(url, failure)) }
            for key in orderedKeys { fallBack(key) }
            removeAllSubscriptions()
            phase = .idle
            return
        }
        // Logged once per outage: `attempt` stays above 0 until a message arrives.
        if attempt == 0 {
            if let failure, case .handshakeFailed = failure {
                actions.append(.warn("the realtime stream's upgrade was refused (\(failure)); subscriptions are fetched over REST while it retries"))
            } else {
                actions.append(.warn("the realtime stream closed (\(failure.map { "\($0)" } ?? "normally")); reconnecting"))
            }
        }
        connectionLost()
    }

    // MARK: Messages

    private mutating func receive(_ decoded: Result<StreamResponse, DataConnectTransportError>) {
        // The connection works: the next drop starts the backoff from the beginning.
        attempt = 0
        switch decoded {
        case .failure(let error):
            actions.append(.warn("ignoring a realtime frame: \(error)"))
        case .success(.result(let requestID, var response, let cancelled)):
            guard let key = keyByRequestID[requestID], let subscription = subscriptions[key] else {
                actions.append(.warn("ignoring a realtime result for unknown request \(requestID)"))
                return
            }
            switch cancelled {
            case .byAuth:
                removeSubscription(key)
                if subscriptions.isEmpty { schedule(.idleClose, after: policy.idleClose) }
                actions.append(.deliver(.ended(DataConnectRealtimeError(
                    code: .cancelledByServer,
                    message: "the server cancelled the subscription of \(subscription.operationName)")), to: subscription.listeners))
            case .other:
                // Sent again on the next connection; REST serves it until then.
                actions.append(.warn("the server cancelled the subscription of \(subscription.operationName); it is fetched over REST"))
                subscriptions[key]!.sent = false
                fallBack(key)
            case nil:
                response.authToken = authToken
                subscriptions[key]!.status = .served
                actions.append(.deliver(.response(response, isAnswer: subscription.status != .served), to: subscription.listeners))
            }
        case .success(.streamError(let error)):
            actions.append(.warn("\(error)"))
            if error.code == .unauthenticated { forceTokenRefresh = true }
            // The gateway ends the stream after an error: start over.
            abandonSocket()
            connectionLost(failure: error)
        }
    }

    // MARK: Timers

    private mutating func fired(_ id: StreamTimerID) {
        switch id {
        case .reconnect:
            guard phase == .waiting else { return }
            if subscriptions.isEmpty { phase = .idle } else { startConnecting() }
        case .keepalive:
            guard phase == .open else { return }
            schedule(.pongDeadline, after: policy.pongTimeout)
            schedule(.keepalive, after: policy.keepaliveInterval)
            actions.append(.ping)
        case .pongDeadline:
            guard phase == .open else { return }
            actions.append(.warn("no pong within \(policy.pongTimeout) s; reconnecting the realtime stream"))
            abandonSocket()
            connectionLost()
        case .idleClose:
            guard subscriptions.isEmpty, phase != .idle else { return }
            reset()
        case .tokenRefresh:
            guard phase == .open else { return }
            actions.append(.refreshToken(generation: generation, current: authToken))
        case .answers:
            let pending = orderedKeys.filter { subscriptions[$0]!.status == .pending }
            let due = pending.filter { subscriptions[$0]!.round <= answerRound }
            if due.count < pending.count {
                // Subscribed after this timer was armed: their own round starts now.
                answerRound += 1
                schedule(.answers, after: policy.answerTimeout)
            }
            if !due.isEmpty, silenceLogged != generation {
                silenceLogged = generation
                actions.append(.warn("the realtime stream did not answer subscribe within \(policy.answerTimeout) s; "
                    + "fetching over REST while it keeps trying"))
            }
            for key in due { fallBack(key) }
        }
    }

    /// Arms the answer timer unless one is armed; returns the round a new pending subscription belongs to.
    private mutating func awaitAnswer() -> Int {
        if armed[.answers] != nil { return answerRound + 1 }
        answerRound += 1
        schedule(.answers, after: policy.answerTimeout)
        return answerRound
    }

    private mutating func schedule(_ id: StreamTimerID, after delay: TimeInterval) {
        timerSerial += 1
        armed[id] = timerSerial
        actions.append(.schedule(id, after: delay, serial: timerSerial))
    }

    private mutating func cancel(_ id: StreamTimerID) {
        guard armed.removeValue(forKey: id) != nil else { return }
        actions.append(.cancel(id))
    }

    // MARK: Auth

    private mutating func scheduleTokenRefresh(now: Date) {
        guard let delay = policy.tokenRefreshDelay(token: authToken, now: now) else { return }
        schedule(.tokenRefresh, after: delay)
    }

    private mutating func tokenRefreshed(_ outcome: Result<String?, TokenFailure>, now: Date) {
        switch outcome {
        case .failure(let failure):
            actions.append(.warn("the realtime stream cannot refresh the auth token: \(failure.message)"))
            schedule(.tokenRefresh, after: policy.minimumTokenRefreshDelay)
        case .success(let token):
            if UserIdentity.user(fromToken: token) != user { return userChanged() }
            adoptToken(token, now: now)
        }
    }

    /// A token the app's provider handed to a REST request: another user's ends every subscription; a newer one of the same
    /// user is sent in band. A JWT expiring before the stream's is older (a request in flight across a sign-in).
    private mutating func tokenObserved(_ token: String?, now: Date) {
        guard phase != .idle, let user else { return }
        if let seen = token.flatMap(UserIdentity.expiry(ofToken:)),
           let current = authToken.flatMap(UserIdentity.expiry(ofToken:)), seen < current {
            return
        }
        if UserIdentity.user(fromToken: token) != user { return userChanged() }
        guard phase == .open, let token, token != authToken else { return }
        adoptToken(token, now: now)
    }

    /// Re-arms the refresh for `token`'s expiry, then sends it in band when it is new.
    private mutating func adoptToken(_ token: String?, now: Date) {
        let isNew = token != nil && token != authToken
        if isNew { authToken = token }
        scheduleTokenRefresh(now: now)
        guard isNew, let token else { return }
        authRequests += 1
        actions.append(.send(StreamRequest.authRefresh(requestID: "auth-\(authRequests)", token: token)))
    }

    // MARK: Ending

    /// Another user signed in: every subscription ends (none may show the new user's data) and the connection closes.
    private mutating func userChanged() {
        let listeners = orderedKeys.flatMap { subscriptions[$0]!.listeners }
        actions.append(.deliver(.ended(DataConnectRealtimeError(code: .userChanged, message: "the signed-in user changed")), to: listeners))
        reset()
    }

    private mutating func removeSubscription(_ key: String) {
        guard let subscription = subscriptions.removeValue(forKey: key) else { return }
        keyByRequestID[subscription.requestID] = nil
        for listener in subscription.listeners { keyByListener[listener] = nil }
    }

    /// Subscription keys in request order, so actions come out the same on every run.
    private var orderedKeys: [String] {
        subscriptions.keys.sorted { (Int(subscriptions[$0]!.requestID) ?? 0) < (Int(subscriptions[$1]!.requestID) ?? 0) }
    }

    private mutating func removeAllSubscriptions() {
        for key in orderedKeys { removeSubscription(key) }
    }

    /// Drops every subscription, closes the socket and forgets the connection's user and token (the next connection starts fresh).
    private mutating func reset() {
        removeAllSubscriptions()
        cancel(.reconnect)
        abandonSocket()
        phase = .idle
        user = nil
        authToken = nil
        attempt = 0
    }
}
