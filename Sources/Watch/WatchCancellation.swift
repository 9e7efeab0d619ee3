import Dispatch
import Foundation

/// Stops a `WatchLoop` from any thread or a signal handler, waking it from its sleep at once.
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

    /// Sleeps up to `milliseconds`; returns early, with true, once cancelled.
    func sleep(milliseconds: UInt64) -> Bool {
        if isCancelled { return true }
        if wakeUp.wait(timeout: .now() + .milliseconds(Int(min(milliseconds, UInt64(Int32.max))))) == .success {
            // Keep later sleeps from blocking too.
            wakeUp.signal()
            return true
        }
        return isCancelled
    }
}
