import Foundation

/// A scheduled action that can be called off.
protocol RuntimeTimer: Sendable {
    func cancel()
}

/// The runtime's one source of time (stream keepalive, backoff, idle close, token refresh,
/// `@refresh(every:)` polling); tests inject a manual clock so nothing waits on real time.
protocol RuntimeClock: Sendable {
    var now: Date { get }
    /// Runs `action` after `seconds`, never synchronously; `action` must not block (real timers share a thread).
    func schedule(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> any RuntimeTimer
}

extension RuntimeClock {
    /// Returns after `seconds`, or throws `CancellationError` when the task is cancelled
    /// (which also cancels the timer).
    func sleep(seconds: TimeInterval) async throws {
        // Resumed once: whoever takes the continuation out resumes it.
        let sleeper = Locked<(continuation: CheckedContinuation<Void, any Error>?, timer: (any RuntimeTimer)?, cancelled: Bool)>((nil, nil, false))
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let waiting = sleeper.withLock { state -> Bool in
                    if !state.cancelled { state.continuation = continuation }
                    return !state.cancelled
                }
                guard waiting else { return continuation.resume(throwing: CancellationError()) }
                let timer = schedule(after: seconds) {
                    sleeper.withLock { state in defer { state.continuation = nil }; return state.continuation }?.resume()
                }
                if sleeper.withLock({ state in state.timer = timer; return state.cancelled }) { timer.cancel() }
            }
        } onCancel: {
            let (continuation, timer) = sleeper.withLock { state in
                state.cancelled = true
                defer { state.continuation = nil }
                return (state.continuation, state.timer)
            }
            timer?.cancel()
            continuation?.resume(throwing: CancellationError())
        }
    }
}

/// Real time: one thread runs the process's timers, and exits while there are none. (A task in
/// `Task.sleep` per timer left a Dispatch timer behind even when cancelled; their firings, one per
/// request deadline, spawned overcommit Dispatch workers that stayed: docs/testing.md, soak.)
struct SystemClock: RuntimeClock {
    var now: Date { Date() }

    func schedule(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> any RuntimeTimer {
        TimerThread.shared.add(after: seconds, action)
    }
}

private final class TimerThread: @unchecked Sendable {
    struct Timer: RuntimeTimer {
        let id: UInt64
        func cancel() { TimerThread.shared.cancel(id) }
    }

    static let shared = TimerThread()
    /// Guards the fields below and wakes the thread.
    private let condition = NSCondition()
    private var timers: [UInt64: (deadline: Date, action: @Sendable () -> Void)] = [:]
    private var lastID: UInt64 = 0
    private var running = false

    func add(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> Timer {
        condition.lock()
        lastID += 1
        let id = lastID
        // Capped at about 31 years, so "never" (a huge or infinite delay) stays representable.
        timers[id] = (Date(timeIntervalSinceNow: min(max(0, seconds), 1e9)), action)
        let start = !running
        running = true
        condition.signal()
        condition.unlock()
        if start {
            let thread = Thread { TimerThread.shared.run() }
            thread.name = "SDKGenDataConnect.timers"
            thread.start()
        }
        return Timer(id: id)
    }

    func cancel(_ id: UInt64) {
        condition.lock()
        timers[id] = nil
        condition.unlock()
    }

    /// Runs each due action outside the lock; actions only hand work on, they never block.
    private func run() {
        condition.lock()
        while let (id, next) = timers.min(by: { $0.value.deadline < $1.value.deadline }) {
            if next.deadline.timeIntervalSinceNow > 0 {
                _ = condition.wait(until: next.deadline)
                continue
            }
            timers[id] = nil
            condition.unlock()
            next.action()
            condition.lock()
        }
        running = false
        condition.unlock()
    }
}
