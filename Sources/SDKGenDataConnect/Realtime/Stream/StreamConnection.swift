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

/// One `ConnectorStreamService/Connect` WebSocket per connector, shared by all its
/// subscriptions (docs/realtime.md, "Protocol"): the thin driver of `StreamMachine`.
///
/// Every input (a subscription change, a socket event, a timer, a token read) goes into one
/// ordered inbox; a single task takes them one at a time, feeds them to the machine and
/// performs its actions: frames leave in the order the machine decided them, listeners are
/// called in order, and no lock is held anywhere on the way.
final class StreamConnection: Sendable {
    typealias Listener = @Sendable (StreamDelivery) -> Void

    private let inbox: AsyncStream<StreamInput>.Continuation
    private let clock: any RuntimeClock
    private let count = Locked(0)

    init(environment: RuntimeEnvironment, context: @escaping @Sendable () -> StreamContext?,
         onUnsupported: @escaping @Sendable (URL, WebSocketFailure) -> Void) {
        let (inputs, inbox) = AsyncStream.makeStream(of: StreamInput.self)
        self.inbox = inbox
        clock = environment.clock
        let driver = StreamDriver(environment: environment, context: context, onUnsupported: onUnsupported, inbox: inbox, count: count)
        Task { await driver.run(inputs) }
    }

    deinit {
        inbox.finish()
    }

    /// Adds `listener` (identified by `id`) to the subscription of (`operationName`,
    /// `variables`) under `key`, creating it (and the connection) when needed.
    func subscribe(key: String, operationName: String, variables: Data, id: StreamMachine.ListenerID, listener: @escaping Listener) {
        inbox.yield(.subscribe(.subscribe(key: key, operationName: operationName, variables: variables, listener: id), listener))
    }

    /// Removes a listener; the last one of a subscription sends `cancel`, and the last
    /// subscription starts the idle-close timer.
    func unsubscribe(id: StreamMachine.ListenerID) {
        inbox.yield(.event(.unsubscribe(listener: id)))
    }

    /// A REST request of the same instance was sent with `token`.
    func tokenObserved(_ token: String?) {
        inbox.yield(.event(.tokenObserved(token, now: clock.now)))
    }

    /// The number of live subscriptions (distinct queries) after the last input, for tests and benchmarks.
    var subscriptionCount: Int {
        count.withLock { $0 }
    }
}

private enum StreamInput: Sendable {
    case event(StreamMachine.Event)
    /// A `.subscribe` event with the listener to call.
    case subscribe(StreamMachine.Event, StreamConnection.Listener)
}

/// The I/O half of a stream connection. Its mutable state (the machine, the socket, the
/// timers, the listeners) lives in `run`'s task only; everything else talks to it through the inbox.
private struct StreamDriver: Sendable {
    let environment: RuntimeEnvironment
    let context: @Sendable () -> StreamContext?
    let onUnsupported: @Sendable (URL, WebSocketFailure) -> Void
    let inbox: AsyncStream<StreamInput>.Continuation
    let count: Locked<Int>

    func run(_ inputs: AsyncStream<StreamInput>) async {
        var machine = StreamMachine(policy: environment.streamPolicy, random: environment.random)
        var listeners: [StreamMachine.ListenerID: StreamConnection.Listener] = [:]
        var socket: (any WebSocketConnection)?
        var timers: [StreamTimerID: any RuntimeTimer] = [:]
        for await input in inputs {
            let event: StreamMachine.Event
            switch input {
            case .event(let next):
                event = next
            case .subscribe(let next, let listener):
                if case .subscribe(_, _, _, let id) = next { listeners[id] = listener }
                event = next
            }
            let actions = machine.handle(event)
            for action in actions {
                switch action {
                case .connect(let generation, let force):
                    connect(generation: generation, force: force)
                case .open(let generation, let url):
                    socket = environment.webSockets.open(url: url) { [inbox] socketEvent in
                        inbox.yield(.event(StreamDriver.event(socketEvent, generation: generation)))
                    }
                case .send(let text):
                    socket?.send(text: text)
                case .ping:
                    socket?.sendPing()
                case .close:
                    socket?.close()
                    socket = nil
                case .schedule(let id, let delay, let serial):
                    timers[id]?.cancel()
                    timers[id] = environment.clock.schedule(after: delay) { [inbox] in
                        inbox.yield(.event(.timer(id, serial: serial)))
                    }
                case .cancel(let id):
                    timers.removeValue(forKey: id)?.cancel()
                case .refreshToken(let generation, let current):
                    refreshToken(generation: generation, current: current)
                case .deliver(let delivery, let ids):
                    for id in ids { listeners[id]?(delivery) }
                case .markUnsupported(let url, let failure):
                    onUnsupported(url, failure)
                case .warn(let message):
                    RuntimeLog.warning(message)
                }
            }
            if case .unsubscribe(let id) = event { listeners[id] = nil }
            let subscriptions = machine.subscriptions.count
            count.withLock { $0 = subscriptions }
        }
        // The connection object is gone: release the socket and the timers.
        socket?.close()
        for timer in timers.values { timer.cancel() }
    }

    /// A socket event as a machine event of connection `generation`.
    private static func event(_ event: WebSocketEvent, generation: Int) -> StreamMachine.Event {
        switch event {
        case .text(let text):
            return .message(generation: generation, Result { try StreamResponse.decode(Data(text.utf8)) }.mapError(StreamDriver.transportError))
        case .binary(let bytes):
            return .message(generation: generation, Result { try StreamResponse.decode(Data(bytes)) }.mapError(StreamDriver.transportError))
        case .pong:
            return .pong(generation: generation)
        case .closed(let failure):
            return .closed(generation: generation, failure)
        }
    }

    private static func transportError(_ error: Error) -> DataConnectTransportError {
        error as? DataConnectTransportError ?? DataConnectTransportError(code: .invalidResponse, message: "\(error)")
    }

    /// Reads the app's tokens off the driver's task, then reports the outcome to the inbox.
    private func connect(generation: Int, force: Bool) {
        Task { [context, inbox, clock = environment.clock] in
            inbox.yield(.event(await StreamDriver.readTokens(context(), generation: generation, force: force, clock: clock)))
        }
    }

    private static func readTokens(_ context: StreamContext?, generation: Int, force: Bool, clock: any RuntimeClock) async -> StreamMachine.Event {
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

    /// Asks the provider for a token newer than `current` (forcing a refresh when it hands back the same one).
    private func refreshToken(generation: Int, current: String?) {
        Task { [context, inbox, clock = environment.clock] in
            guard let context = context() else { return }
            let outcome: Result<String?, StreamMachine.TokenFailure>
            do {
                var token = try await context.authToken(false)
                if token == current { token = try await context.authToken(true) }
                outcome = .success(token)
            } catch {
                outcome = .failure(StreamMachine.TokenFailure(message: "\(error)"))
            }
            inbox.yield(.event(.tokenRefreshed(generation: generation, outcome, now: clock.now)))
        }
    }
}
