import Foundation

/// Values that live until the process exits.
///
/// A one-shot command builds graphs of hundreds of thousands of small objects; freeing them one
/// by one visits each in an order no cache likes (the schema caches of the validation walks at
/// 1,000 tables, about 20,000 entries, took 3 and 8 ms to free, for 2 MB). The process is about to
/// exit and the system reclaims its memory at once, so one-shot runs keep them here. A watch
/// session must not: it would accumulate them.
public enum ProcessLifetime {
    nonisolated(unsafe) private static var kept: [Any] = []
    private static let lock = NSLock()

    /// Keeps `value` alive until the process exits.
    public static func keep(_ value: Any) {
        lock.lock()
        defer { lock.unlock() }
        kept.append(value)
    }

    /// How many values are kept.
    public static var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return kept.count
    }
}
