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
        // Cancelling the task finishes the stream, whose termination cancels the timer.
        let fired = AsyncStream<Void> { continuation in
            let timer = schedule(after: seconds) { continuation.finish() }
            continuation.onTermination = { _ in timer.cancel() }
        }
        for await _ in fired {}
        try Task.checkCancellation()
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
