import Foundation

/// Results that live until the process exits.
///
/// A one-shot command's compilation is a graph of hundreds of thousands of small objects; freeing
/// them one by one when the command returns took longer than parsing the input. The process is
/// about to exit, and the system reclaims its memory at once, so they are simply kept. Only for
/// one-shot runs: a watch session would accumulate them.
enum ProcessLifetime {
    nonisolated(unsafe) private static var kept: [Any] = []
    private static let lock = NSLock()

    static func keep(_ value: Any) {
        lock.lock()
        defer { lock.unlock() }
        kept.append(value)
    }
}
