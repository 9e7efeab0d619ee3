import Foundation

/// A scheduled action that can be called off.
protocol RuntimeTimer: Sendable {
    func cancel()
}

/// The runtime's one source of time (stream keepalive, backoff, idle close, token refresh,
/// `@refresh(every:)` polling); tests inject a manual clock so nothing waits on real time.
protocol RuntimeClock: Sendable {
    var now: Date { get }
    /// Runs `action` after `seconds`, never synchronously.
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

/// Real time: a timer is a task sleeping until its deadline.
struct SystemClock: RuntimeClock {
    private struct Timer: RuntimeTimer {
        let task: Task<Void, Never>
        func cancel() { task.cancel() }
    }

    var now: Date { Date() }

    func schedule(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> any RuntimeTimer {
        Timer(task: Task {
            // Capped at about 31 years, so "never" (a huge or infinite delay) stays representable.
            try? await Task.sleep(nanoseconds: UInt64(min(max(0, seconds), 1e9) * 1_000_000_000))
            if !Task.isCancelled { action() }
        })
    }
}
