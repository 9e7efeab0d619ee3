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
    /// Returns after `seconds`, or throws `CancellationError` when the task is cancelled.
    func sleep(seconds: TimeInterval) async throws {
        let sleeper = Sleeper()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                sleeper.start(continuation) { schedule(after: seconds) { sleeper.finish(cancelled: false) } }
            }
        } onCancel: {
            sleeper.finish(cancelled: true)
        }
    }
}

/// One `sleep`: resumed once, by its timer or by cancellation (which also cancels the timer).
private final class Sleeper: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        var timer: (any RuntimeTimer)?
        var cancelled = false
    }

    private let state = Locked(State())

    func start(_ continuation: CheckedContinuation<Void, any Error>, timer makeTimer: () -> any RuntimeTimer) {
        let alreadyCancelled = state.withLock { state -> Bool in
            if !state.cancelled { state.continuation = continuation }
            return state.cancelled
        }
        guard !alreadyCancelled else { return continuation.resume(throwing: CancellationError()) }
        let timer = makeTimer()
        let cancelledMeanwhile = state.withLock { state -> Bool in
            state.timer = timer
            return state.cancelled
        }
        if cancelledMeanwhile { timer.cancel() }
    }

    func finish(cancelled: Bool) {
        let (continuation, timer) = state.withLock { state in
            if cancelled { state.cancelled = true }
            defer { state.continuation = nil }
            return (state.continuation, cancelled ? state.timer : nil)
        }
        timer?.cancel()
        if cancelled {
            continuation?.resume(throwing: CancellationError())
        } else {
            continuation?.resume()
        }
    }
}

/// Real time: Dispatch timers on a global queue.
struct SystemClock: RuntimeClock {
    private final class Timer: RuntimeTimer {
        let cancelled = Locked(false)
        func cancel() { cancelled.withLock { $0 = true } }
    }

    var now: Date { Date() }

    func schedule(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> any RuntimeTimer {
        let timer = Timer()
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds)) {
            if !timer.cancelled.withLock({ $0 }) { action() }
        }
        return timer
    }
}
