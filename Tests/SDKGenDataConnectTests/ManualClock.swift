import Foundation
@testable import SDKGenDataConnect

/// A runtime clock moved by hand: timers (and so `sleep`) fire only inside `advance`, in
/// deadline order, outside the clock's lock.
final class ManualClock: RuntimeClock {
    private final class Timer: RuntimeTimer {
        let id: Int
        let clock: ManualClock

        init(id: Int, clock: ManualClock) {
            self.id = id
            self.clock = clock
        }

        func cancel() { clock.remove(id) }
    }

    private struct Entry {
        let id: Int
        let deadline: Date
        let action: @Sendable () -> Void
    }

    private struct State {
        var now = ManualClock.start
        var nextID = 0
        var entries: [Entry] = []
        var watchers: [AsyncStream<Void>.Continuation] = []
    }

    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    private let state = Locked(State())

    var now: Date { state.withLock { $0.now } }

    func schedule(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> any RuntimeTimer {
        let (id, watchers) = state.withLock { state -> (Int, [AsyncStream<Void>.Continuation]) in
            state.nextID += 1
            state.entries.append(Entry(id: state.nextID, deadline: state.now.addingTimeInterval(seconds), action: action))
            return (state.nextID, state.watchers)
        }
        watchers.forEach { $0.yield() }
        return Timer(id: id, clock: self)
    }

    private func remove(_ id: Int) {
        let watchers = state.withLock { state -> [AsyncStream<Void>.Continuation] in
            state.entries.removeAll { $0.id == id }
            return state.watchers
        }
        watchers.forEach { $0.yield() }
    }

    /// Moves time forward by `seconds`, firing every timer that falls due.
    func advance(_ seconds: TimeInterval) {
        let end = now.addingTimeInterval(seconds)
        while true {
            let (due, watchers) = state.withLock { state -> (Entry?, [AsyncStream<Void>.Continuation]) in
                guard let index = state.entries.indices.min(by: { state.entries[$0].deadline < state.entries[$1].deadline }),
                      state.entries[index].deadline <= end else {
                    state.now = end
                    return (nil, state.watchers)
                }
                let entry = state.entries.remove(at: index)
                state.now = max(state.now, entry.deadline)
                return (entry, state.watchers)
            }
            watchers.forEach { $0.yield() }
            guard let due else { return }
            due.action()
        }
    }

    /// Delays of the pending timers from now, soonest first.
    var pendingDelays: [TimeInterval] {
        state.withLock { state in state.entries.map { $0.deadline.timeIntervalSince(state.now) }.sorted() }
    }

    /// Deadlines of the pending timers in seconds since the clock's start, earliest first.
    var deadlines: [TimeInterval] {
        state.withLock { $0.entries.map { $0.deadline.timeIntervalSince(ManualClock.start) }.sorted() }
    }

    /// Returns once the deadlines are exactly `expected` (waiting on changes, not on time).
    func waitForDeadlines(_ expected: [TimeInterval]) async {
        let (changes, continuation) = AsyncStream.makeStream(of: Void.self)
        state.withLock { $0.watchers.append(continuation) }
        var iterator = changes.makeAsyncIterator()
        while deadlines != expected {
            _ = await iterator.next()
        }
        continuation.finish()
    }
}
