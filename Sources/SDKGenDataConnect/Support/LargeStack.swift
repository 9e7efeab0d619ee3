import Foundation

/// Runs work that recurses once per level of a JSON value on a thread of its own, whose stack holds
/// the deepest value the parser accepts (512 levels). Foundation's JSON coders take about fourteen
/// frames a level: in a debug build some 140 levels fill the 512 KB that Apple platforms give
/// secondary threads, Swift concurrency's included.
enum LargeStack {
    /// Reserved, not used, until the recursion reaches it.
    static let size = 16 << 20

    /// `body`'s result; the caller waits without holding a thread.
    static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = size
            thread.start()
        }
    }

    /// `body`'s result, for synchronous callers: the calling thread waits for it.
    static func wait<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value {
        let result = Box<Value>()
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            result.value = body()
            finished.signal()
        }
        thread.stackSize = size
        thread.start()
        finished.wait()
        return result.value!
    }

    /// Written by the thread before it signals, read by the caller after: the semaphore orders them.
    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }
}
