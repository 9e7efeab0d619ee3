import Foundation

/// Stops a `WatchLoop` from any thread or a signal handler, waking it from its sleep at once; also
/// wakes it early, without stopping it, when a change notification arrives.
public final class WatchCancellation: @unchecked Sendable {
    // Guarded by `lock`; the semaphore wakes a sleeping loop.
    private let lock = NSLock()
    private var cancelled = false
    private let wakeUp = DispatchSemaphore(value: 0)

    public init() {}

    /// Asks the loop to stop after the poll or regeneration in progress.
    public func cancel() {
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled else { return }
        cancelled = true
        wakeUp.signal()
    }

    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Ends the current (or next) sleep early without cancelling: something may have changed.
    func nudge() {
        wakeUp.signal()
    }

    /// Sleeps up to `milliseconds`; true once cancelled, false when nudged or the time is up.
    func sleep(milliseconds: UInt64) -> Bool {
        if isCancelled { return true }
        guard wakeUp.wait(timeout: .now() + .milliseconds(Int(min(milliseconds, UInt64(Int32.max))))) == .success else {
            return isCancelled
        }
        // One wake-up stands for every nudge so far; a burst of events must not skip many sleeps.
        while wakeUp.wait(timeout: .now()) == .success {}
        guard isCancelled else { return false }
        // Keep later sleeps from blocking too.
        wakeUp.signal()
        return true
    }
}
