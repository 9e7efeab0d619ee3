import Foundation
@testable import SDKGenDataConnect

/// A clock that only moves when a test advances it; sleepers wake when their deadline passes.
final class ManualClock: RuntimeClock, RefreshClock, Sendable {
    /// `now` when the clock was made (a fixed date, so tests do not depend on the real one).
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    private struct Sleeper {
        let id: Int
        let deadline: Double
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Double = 0
        var nextID = 0
        var sleepers: [Sleeper] = []
        var watchers: [AsyncStream<Void>.Continuation] = []
    }

    private let state = Locked(State())

    var now: Date {
        ManualClock.start + state.withLock { $0.now }
    }

    func sleep(seconds: Double) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let watchers = state.withLock { state -> [AsyncStream<Void>.Continuation] in
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                        return []
                    }
                    state.sleepers.append(Sleeper(id: id, deadline: state.now + seconds, continuation: continuation))
                    return state.watchers
                }
                watchers.forEach { $0.yield() }
            }
        } onCancel: {
            let removed = state.withLock { state -> (Sleeper?, [AsyncStream<Void>.Continuation]) in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return (nil, []) }
                return (state.sleepers.remove(at: index), state.watchers)
            }
            removed.0?.continuation.resume(throwing: CancellationError())
            removed.1.forEach { $0.yield() }
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come.
    func advance(by seconds: Double) {
        let (due, watchers) = state.withLock { state -> ([Sleeper], [AsyncStream<Void>.Continuation]) in
            state.now += seconds
            let due = state.sleepers.filter { $0.deadline <= state.now }
            state.sleepers.removeAll { $0.deadline <= state.now }
            return (due, state.watchers)
        }
        due.forEach { $0.continuation.resume() }
        watchers.forEach { $0.yield() }
    }

    /// The deadlines of the current sleepers, earliest first.
    var deadlines: [Double] {
        state.withLock { $0.sleepers.map(\.deadline).sorted() }
    }

    /// Returns once the deadlines are exactly `expected` (waiting on changes, not on time), or
    /// when the task is cancelled.
    func waitForDeadlines(_ expected: [Double]) async {
        let (changes, continuation) = AsyncStream.makeStream(of: Void.self)
        state.withLock { $0.watchers.append(continuation) }
        var iterator = changes.makeAsyncIterator()
        while deadlines != expected, !Task.isCancelled {
            _ = await iterator.next()
        }
        continuation.finish()
    }
}
