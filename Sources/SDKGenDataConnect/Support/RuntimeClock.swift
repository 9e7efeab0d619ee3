import Foundation

/// The time a `DataConnect` instance lives by: cache ages and request timeouts. Tests inject a
/// clock they move by hand, so nothing in them waits on real time.
protocol RuntimeClock: Sendable {
    var now: Date { get }
    /// Returns after `seconds`, or throws `CancellationError` when the task is cancelled.
    func sleep(seconds: Double) async throws
}

/// Real time; sleeping suspends the task (no thread or CPU is held while waiting).
struct SystemClock: RuntimeClock {
    var now: Date { Date() }

    func sleep(seconds: Double) async throws {
        // Capped at about 30 years, so a huge timeout cannot overflow the nanoseconds.
        try await Task.sleep(nanoseconds: UInt64(min(max(0, seconds), 1e9) * 1_000_000_000))
    }
}
