/// Waits out polling intervals; tests inject a clock they advance by hand.
protocol RefreshClock: Sendable {
    /// Returns after `seconds`, or throws `CancellationError` when the task is cancelled.
    func sleep(seconds: Double) async throws
}

/// Real time, through `Task.sleep`.
struct SystemRefreshClock: RefreshClock {
    func sleep(seconds: Double) async throws {
        try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }
}
