import Foundation

/// A scheduled action that can be called off.
protocol StreamTimer: Sendable {
    func cancel()
}

/// Time for the stream connection's timers (keepalive, backoff, idle close, token
/// refresh); tests inject a manual clock so nothing waits on real time.
protocol StreamClock: Sendable {
    var now: Date { get }
    /// Runs `action` after `seconds`, never synchronously.
    func schedule(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> any StreamTimer
}

/// The real clock: Dispatch timers on a global queue.
struct DispatchStreamClock: StreamClock {
    private final class Timer: StreamTimer {
        let cancelled = Locked(false)
        func cancel() { cancelled.withLock { $0 = true } }
    }

    var now: Date { Date() }

    func schedule(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> any StreamTimer {
        let timer = Timer()
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds)) {
            if !timer.cancelled.withLock({ $0 }) { action() }
        }
        return timer
    }
}
