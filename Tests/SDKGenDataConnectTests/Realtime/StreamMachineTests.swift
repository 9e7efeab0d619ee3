import Foundation
import XCTest
@testable import SDKGenDataConnect

/// `StreamMachine` without sockets, timers or tasks: every reachable kind of state crossed
/// with every kind of event, checked against the invariants the driver relies on, and the
/// fallback rules of docs/realtime.md case by case.
final class StreamMachineTests: XCTestCase {
    private final class Listener {}

    private let first = Listener()
    private let second = Listener()
    private let joiner = Listener()
    private var firstID: ObjectIdentifier { ObjectIdentifier(first) }
    private var secondID: ObjectIdentifier { ObjectIdentifier(second) }
    private var joinerID: ObjectIdentifier { ObjectIdentifier(joiner) }

    private static let url = URL(string: "ws://127.0.0.1:1/ws")!
    private static let now = Date(timeIntervalSince1970: 1_800_000_000)
    private static let ada = StreamTokens.idToken(uid: "ada", expiry: now.addingTimeInterval(3600))
    private static let adaNewer = StreamTokens.idToken(uid: "ada", expiry: now.addingTimeInterval(7200), version: 1)
    private static let grace = StreamTokens.idToken(uid: "grace", expiry: now.addingTimeInterval(7200))

    private static func machine() -> StreamMachine {
        StreamMachine(policy: StreamPolicy(), random: { 0.5 })
    }

    private func subscribe(_ key: String = "A", _ listener: ObjectIdentifier? = nil) -> StreamMachine.Event {
        .subscribe(key: key, operationName: "Op\(key)", variables: Data("{}".utf8), listener: listener ?? firstID)
    }

    private static func ready(_ machine: StreamMachine, token: String? = ada) -> StreamMachine.Event {
        .connectReady(generation: machine.generation, url: url, initFrame: "{\"name\":\"n\"}", authToken: token, now: now)
    }

    private static func answer(_ machine: StreamMachine, _ requestID: String = "1", cancelled: StreamResponse.Cancellation? = nil) -> StreamMachine.Event {
        .message(generation: machine.generation, .success(.result(
            requestID: requestID, response: ServerResponse(members: ["data": .object(["n": .int(1)])]), cancelled: cancelled)))
    }

    private static func fire(_ machine: StreamMachine, _ id: StreamTimerID) -> StreamMachine.Event {
        .timer(id, serial: machine.armed[id] ?? -1)
    }

    /// Applies the events `steps` build, each against the machine as it is by then; returns the actions of the last one.
    @discardableResult
    private static func run(_ machine: inout StreamMachine, _ steps: [(StreamMachine) -> StreamMachine.Event]) -> [StreamMachine.Action] {
        var actions: [StreamMachine.Action] = []
        for step in steps { actions = machine.handle(step(machine)) }
        return actions
    }

    /// A short, comparable name of an action.
    private static func label(_ action: StreamMachine.Action) -> String {
        switch action {
        case .connect(_, let force): return force ? "connect(force)" : "connect"
        case .open: return "open"
        case .send(let text):
            guard let json = try? JSONValue.parse(Data(text.utf8)), case .object(let members) = json else { return "send(?)" }
            let kind = ["subscribe", "cancel", "resume", "headers", "name"].first { members[$0] != nil } ?? "?"
            if case .string(let id)? = members["requestId"] { return "send(\(kind) \(id))" }
            return "send(\(kind))"
        case .ping: return "ping"
        case .close: return "close"
        case .schedule(let id, let delay, _): return "schedule(\(id), \(delay))"
        case .cancel(let id): return "cancel(\(id))"
        case .refreshToken: return "refreshToken"
        case .deliver(let delivery, let ids):
            let kind: String
            switch delivery {
            case .response(_, let isAnswer): kind = isAnswer ? "answer" : "push"
            case .failure: kind = "failure"
            case .ended(let error): kind = "ended(\(error.code))"
            case .fallback: kind = "fallback"
            }
            return "deliver(\(kind) x\(ids.count))"
        case .markUnsupported: return "markUnsupported"
        case .warn: return "warn"
        }
    }

    private static func labels(_ actions: [StreamMachine.Action]) -> [String] {
        actions.map(label)
    }

    // MARK: Every state × every event

    /// The kinds of state a connection goes through, each reached by real events.
    private func states() -> [(String, StreamMachine)] {
        var states: [(String, StreamMachine)] = [("idle", Self.machine())]
        var machine = Self.machine()
        Self.run(&machine, [{ _ in self.subscribe() }])
        states.append(("connecting", machine))
        Self.run(&machine, [{ Self.ready($0) }])
        states.append(("open, answer due", machine))
        var silent = machine
        Self.run(&silent, [{ Self.fire($0, .answers) }])
        states.append(("open, silent: fallback", silent))
        Self.run(&machine, [{ Self.answer($0) }])
        states.append(("open, served", machine))
        var pinged = machine
        Self.run(&pinged, [{ Self.fire($0, .keepalive) }])
        states.append(("open, pong due", pinged))
        var cancelled = machine
        Self.run(&cancelled, [{ Self.answer($0, cancelled: .other) }])
        states.append(("open, cancelled by the server", cancelled))
        var lastLeft = machine
        Self.run(&lastLeft, [{ _ in .unsubscribe(listener: self.firstID) }])
        states.append(("open, idle close due", lastLeft))
        var waiting = machine
        Self.run(&waiting, [{ .closed(generation: $0.generation, .connectionFailed("reset")) }])
        states.append(("waiting", waiting))
        var reconnecting = waiting
        Self.run(&reconnecting, [{ Self.fire($0, .reconnect) }])
        states.append(("reconnecting", reconnecting))
        var unsupported = machine
        Self.run(&unsupported, [{ .closed(generation: $0.generation, .unsupported("no WebSockets")) }])
        states.append(("unsupported", unsupported))
        return states
    }

    /// Every kind of event, built against `machine` (current or stale generations, armed or stale timers).
    private func events(for machine: StreamMachine) -> [(String, StreamMachine.Event)] {
        let generation = machine.generation
        var events: [(String, StreamMachine.Event)] = [
            ("subscribe another query", subscribe("B", secondID)),
            ("join the query", subscribe("A", joinerID)),
            ("unsubscribe", .unsubscribe(listener: firstID)),
            ("unsubscribe unknown", .unsubscribe(listener: joinerID)),
            ("connect ready", Self.ready(machine)),
            ("connect ready, other user", Self.ready(machine, token: Self.grace)),
            ("connect failed", .connectFailed(generation: generation, reason: "refused")),
            ("answer", Self.answer(machine)),
            ("result for an unknown request", Self.answer(machine, "99")),
            ("cancelled", Self.answer(machine, cancelled: .other)),
            ("cancelled by auth", Self.answer(machine, cancelled: .byAuth)),
            ("garbage", .message(generation: generation, .failure(DataConnectTransportError(code: .invalidResponse, message: "x")))),
            ("stream error", .message(generation: generation, .success(.streamError(
                DataConnectTransportError(code: .unauthenticated, message: "expired"))))),
            ("pong", .pong(generation: generation)),
            ("closed 1000", .closed(generation: generation, nil)),
            ("closed 1011", .closed(generation: generation, .closedByPeer(code: 1011, reason: "internal"))),
            ("reset", .closed(generation: generation, .connectionFailed("reset"))),
            ("oversized", .closed(generation: generation, .messageTooBig(1 << 30))),
            ("upgrade refused", .closed(generation: generation, .handshakeFailed("404"))),
            ("unsupported", .closed(generation: generation, .unsupported("no WebSockets"))),
            ("token refreshed", .tokenRefreshed(generation: generation, .success(Self.adaNewer), now: Self.now)),
            ("token of another user", .tokenRefreshed(generation: generation, .success(Self.grace), now: Self.now)),
            ("token refresh failed", .tokenRefreshed(generation: generation, .failure(.init(message: "offline")), now: Self.now)),
            ("token observed", .tokenObserved(Self.adaNewer, now: Self.now)),
            ("token of another user observed", .tokenObserved(Self.grace, now: Self.now)),
        ]
        for stale in [StreamMachine.Event.connectReady(generation: generation - 1, url: Self.url, initFrame: "{}", authToken: nil, now: Self.now),
                      .connectFailed(generation: generation - 1, reason: "late"), .pong(generation: generation - 1),
                      .closed(generation: generation - 1, nil), .message(generation: generation - 1, .failure(.init(code: .invalidResponse, message: "late"))),
                      .tokenRefreshed(generation: generation - 1, .success(Self.grace), now: Self.now)] {
            events.append(("stale", stale))
        }
        for id in [StreamTimerID.keepalive, .pongDeadline, .reconnect, .idleClose, .tokenRefresh, .answers] {
            events.append(("timer \(id)", Self.fire(machine, id)))
            events.append(("stale timer \(id)", .timer(id, serial: (machine.armed[id] ?? 0) + 1000)))
        }
        return events
    }

    func testEveryStateAndEventKeepsTheInvariants() {
        var checked = 0
        for (stateName, state) in states() {
            for (eventName, event) in events(for: state) {
                var machine = state
                let actions = machine.handle(event)
                check(before: state, after: machine, actions: actions, event: event, "\(stateName) × \(eventName)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 400)
    }

    private func check(before: StreamMachine, after: StreamMachine, actions: [StreamMachine.Action], event: StreamMachine.Event, _ name: String) {
        let labels = Self.labels(actions)
        if isStale(event, for: before) {
            XCTAssertTrue(actions.isEmpty, "\(name): a stale event does nothing, got \(labels)")
            XCTAssertEqual(after.phase, before.phase, name)
            XCTAssertEqual(after.armed, before.armed, name)
            return
        }
        // Timers are armed before anything the outside can react to.
        if let firstEffect = labels.firstIndex(where: { $0.hasPrefix("send") || $0 == "ping" || $0.hasPrefix("deliver") }) {
            XCTAssertFalse(labels[firstEffect...].contains { $0.hasPrefix("schedule") }, "\(name): a timer armed after an effect: \(labels)")
        }
        // A socket exists exactly while open; frames go out only on it.
        if let closeIndex = labels.firstIndex(of: "close") {
            XCTAssertFalse(labels[closeIndex...].contains { $0.hasPrefix("send") || $0 == "ping" }, "\(name): nothing is sent after close: \(labels)")
        }
        if before.phase != .open && after.phase != .open {
            XCTAssertFalse(labels.contains { $0.hasPrefix("send") || $0 == "ping" }, "\(name): no socket, nothing sent: \(labels)")
        }
        XCTAssertTrue(after.subscriptions.isEmpty || after.phase != .idle, "\(name): live subscriptions keep a connection going")
        XCTAssertEqual(after.phase == .waiting, after.armed[.reconnect] != nil, "\(name): waiting ⇔ a reconnect is armed")
        XCTAssertEqual(after.phase == .open, after.armed[.keepalive] != nil, "\(name): open ⇔ keepalive armed")
        for (key, subscription) in after.subscriptions {
            if subscription.status == .pending { XCTAssertNotNil(after.armed[.answers], "\(name): \(key) is pending: an answer is due") }
            if subscription.status == .served { XCTAssertEqual(after.phase, .open, "\(name): only an open stream serves") }
            // A query that stops being served is handed to REST in the same step, once.
            let fallbacks = actions.filter {
                if case .deliver(.fallback, let ids) = $0 { return ids.contains { subscription.listeners.contains($0) } }
                return false
            }
            let was = before.subscriptions[key]?.status
            if subscription.status == .fallback && was != .fallback {
                XCTAssertEqual(fallbacks.count, 1, "\(name): \(key) falls back with one delivery: \(labels)")
            }
            if was == .fallback {
                XCTAssertTrue(fallbacks.allSatisfy { action in
                    if case .deliver(_, let ids) = action { return !ids.contains(firstID) }
                    return true
                }, "\(name): a query already on REST is not told twice: \(labels)")
            }
        }
        // The timers armed are exactly those scheduled and not cancelled since.
        var expected = before.armed
        for action in actions {
            switch action {
            case .schedule(let id, _, let serial): expected[id] = serial
            case .cancel(let id): expected[id] = nil
            default: break
            }
        }
        if case .timer(let id, let serial) = event, before.armed[id] == serial, expected[id] == serial { expected[id] = nil }
        XCTAssertEqual(after.armed, expected, "\(name): armed timers follow schedule/cancel actions: \(labels)")
    }

    private func isStale(_ event: StreamMachine.Event, for machine: StreamMachine) -> Bool {
        switch event {
        case .connectReady(let generation, _, _, _, _), .connectFailed(let generation, _), .pong(let generation),
             .closed(let generation, _), .message(let generation, _), .tokenRefreshed(let generation, _, _):
            return generation != machine.generation
        case .timer(let id, let serial):
            return machine.armed[id] != serial
        case .subscribe, .unsubscribe, .tokenObserved:
            return false
        }
    }

    // MARK: The fallback rules, case by case

    func testARefusedUpgradeFallsBackAtOnceAndIsLoggedOncePerOutage() {
        var machine = Self.machine()
        XCTAssertEqual(Self.labels(machine.handle(subscribe())), ["schedule(answers, 5.0)", "connect"])
        Self.run(&machine, [{ Self.ready($0) }])
        let refused = machine.handle(.closed(generation: machine.generation, .handshakeFailed("HTTP/1.1 503")))
        XCTAssertEqual(Self.labels(refused), ["cancel(keepalive)", "cancel(tokenRefresh)", "warn", "schedule(reconnect, 1.0)", "deliver(fallback x1)"])
        for delay in [1.5, 2.25] {
            Self.run(&machine, [{ Self.fire($0, .reconnect) }, { Self.ready($0) }])
            let again = machine.handle(.closed(generation: machine.generation, .handshakeFailed("HTTP/1.1 503")))
            XCTAssertEqual(Self.labels(again), ["cancel(keepalive)", "cancel(tokenRefresh)", "schedule(reconnect, \(delay))"], "no second warning, no second fallback")
        }
        // The stream comes back: the same request id is answered, and the next outage is logged again.
        Self.run(&machine, [{ Self.fire($0, .reconnect) }])
        let resent = Self.labels(machine.handle(Self.ready(machine)))
        XCTAssertTrue(resent.contains("send(subscribe 1)"), "\(resent)")
        XCTAssertEqual(Self.labels(machine.handle(Self.answer(machine))), ["deliver(answer x1)"])
        XCTAssertEqual(machine.subscriptions["A"]?.status, .served)
        XCTAssertEqual(Self.labels(machine.handle(.closed(generation: machine.generation, .handshakeFailed("404")))).filter { $0 == "warn" }.count, 1)
    }

    func testASilentStreamFallsBackAfterTheAnswerTimeoutAndTakesOverWhenItAnswers() {
        var machine = Self.machine()
        Self.run(&machine, [{ _ in self.subscribe() }, { Self.ready($0) }])
        XCTAssertEqual(machine.subscriptions["A"]?.status, .pending)
        XCTAssertEqual(Self.labels(machine.handle(Self.fire(machine, .answers))), ["warn", "deliver(fallback x1)"])
        XCTAssertEqual(machine.phase, .open, "the connection stays: the answer may still come")
        Self.run(&machine, [{ _ in self.subscribe("B", self.secondID) }])
        XCTAssertEqual(Self.labels(machine.handle(Self.fire(machine, .answers))), ["deliver(fallback x1)"], "logged once per connection")
        XCTAssertEqual(Self.labels(machine.handle(Self.answer(machine))), ["deliver(answer x1)"])
        XCTAssertEqual(Self.labels(machine.handle(Self.answer(machine))), ["deliver(push x1)"])
    }

    func testOneAnswerTimerServesEverySubscriptionEachGettingItsFullTimeout() {
        var machine = Self.machine()
        Self.run(&machine, [{ _ in self.subscribe() }, { Self.ready($0) }])
        XCTAssertEqual(Self.labels(machine.handle(subscribe("B", secondID))), ["send(subscribe 2)"], "B joins the next round, no second timer")
        // The first round is due: A falls back, B (subscribed later) gets a timer of its own round.
        XCTAssertEqual(Self.labels(machine.handle(Self.fire(machine, .answers))), ["schedule(answers, 5.0)", "warn", "deliver(fallback x1)"])
        XCTAssertEqual(machine.subscriptions["A"]?.status, .fallback)
        XCTAssertEqual(machine.subscriptions["B"]?.status, .pending)
        XCTAssertEqual(Self.labels(machine.handle(Self.answer(machine, "2"))), ["deliver(answer x1)"])
        XCTAssertEqual(Self.labels(machine.handle(Self.fire(machine, .answers))), [], "nothing pending any more")
    }

    func testADropFallsBackAndTheReconnectResubscribesWithTheSameRequestIDs() {
        var machine = Self.machine()
        Self.run(&machine, [{ _ in self.subscribe() }, { Self.ready($0) }, { _ in self.subscribe("B", self.secondID) }])
        Self.run(&machine, [{ Self.answer($0, "1") }, { Self.answer($0, "2") }])
        let dropped = machine.handle(.closed(generation: machine.generation, .closedByPeer(code: 1001, reason: "going away")))
        XCTAssertEqual(Self.labels(dropped), ["cancel(keepalive)", "cancel(tokenRefresh)", "warn", "schedule(reconnect, 1.0)", "deliver(fallback x1)", "deliver(fallback x1)"])
        // A query subscribed while the stream is down goes to REST at once.
        XCTAssertEqual(Self.labels(machine.handle(subscribe("C", joinerID))), ["deliver(fallback x1)"])
        Self.run(&machine, [{ Self.fire($0, .reconnect) }])
        XCTAssertEqual(Self.labels(machine.handle(Self.ready(machine))),
                       ["schedule(keepalive, 30.0)", "schedule(tokenRefresh, 3300.0)", "open", "send(name)", "send(subscribe 1)",
                        "send(subscribe 2)", "send(subscribe 3)"])
        XCTAssertEqual(Self.labels(machine.handle(Self.answer(machine, "3"))), ["deliver(answer x1)"])
    }

    func testServerCancellationFallsBackUnlessItIsAboutAuth() {
        var machine = Self.machine()
        Self.run(&machine, [{ _ in self.subscribe() }, { Self.ready($0) }, { _ in self.subscribe("B", self.secondID) }])
        XCTAssertEqual(Self.labels(machine.handle(Self.answer(machine, "1", cancelled: .other))), ["warn", "deliver(fallback x1)"])
        XCTAssertEqual(Self.labels(machine.handle(.unsubscribe(listener: firstID))), [], "no cancel for a subscription the server dropped")
        XCTAssertEqual(Self.labels(machine.handle(Self.answer(machine, "2", cancelled: .byAuth))),
                       ["schedule(idleClose, 15.0)", "deliver(ended(cancelledByServer) x1)"])
        XCTAssertTrue(machine.subscriptions.isEmpty)
    }

    func testAnUnsupportedSchemeHandsEverySubscriptionToRESTForGood() {
        var machine = Self.machine()
        Self.run(&machine, [{ _ in self.subscribe() }, { Self.ready($0) }, { Self.answer($0) }])
        let actions = machine.handle(.closed(generation: machine.generation, .unsupported("no WebSockets")))
        XCTAssertEqual(Self.labels(actions), ["cancel(keepalive)", "cancel(tokenRefresh)", "markUnsupported", "deliver(fallback x1)"])
        XCTAssertEqual(machine.phase, .idle)
        XCTAssertTrue(machine.subscriptions.isEmpty)
    }

    func testAJoiningListenerGetsTheCurrentStateOfItsQuery() {
        var machine = Self.machine()
        Self.run(&machine, [{ _ in self.subscribe() }, { Self.ready($0) }, { Self.answer($0) }])
        XCTAssertEqual(Self.labels(machine.handle(subscribe("A", joinerID))), ["send(resume 1)"])
        Self.run(&machine, [{ .closed(generation: $0.generation, nil) }])
        XCTAssertEqual(Self.labels(machine.handle(subscribe("A", secondID))), ["deliver(fallback x1)"])
        XCTAssertEqual(machine.subscriptions["A"]?.listeners.count, 3)
    }

    func testAnotherUsersTokenEndsEverySubscription() {
        var machine = Self.machine()
        Self.run(&machine, [{ _ in self.subscribe() }, { Self.ready($0) }, { Self.answer($0) }])
        let actions = machine.handle(.tokenObserved(Self.grace, now: Self.now))
        XCTAssertEqual(Self.labels(actions).first, "deliver(ended(userChanged) x1)")
        XCTAssertTrue(Self.labels(actions).contains("close"))
        XCTAssertEqual(machine.phase, .idle)
        XCTAssertTrue(machine.subscriptions.isEmpty)
    }
}
