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

/// Real time: a timer is a Dispatch timer source, which cancelling frees at once. (A task in
/// `Task.sleep` keeps its memory until the deadline even when cancelled: with every request's
/// `requestTimeout` armed that way, 750 bytes per request stayed for 30 s.)
struct SystemClock: RuntimeClock {
    // Dispatch sources may be cancelled from any thread; Linux's Dispatch does not say so in types.
    private struct Timer: RuntimeTimer, @unchecked Sendable {
        let source: any DispatchSourceTimer
        func cancel() { source.cancel() }
    }

    var now: Date { Date() }

    func schedule(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> any RuntimeTimer {
        let source = DispatchSource.makeTimerSource(queue: .global())
        // Capped at about 31 years, so "never" (a huge or infinite delay) stays representable.
        source.schedule(deadline: .now() + min(max(0, seconds), 1e9))
        // The handler holds the source until it fires or is cancelled; either ends it.
        source.setEventHandler {
            source.cancel()
            action()
        }
        source.resume()
        return Timer(source: source)
    }
}
