import Foundation

/// Runs work that recurses once per level of a JSON value on a thread of its own, whose stack holds
/// the deepest value the parser accepts (512 levels). Foundation's JSON coders take about fourteen
/// frames a level: in a debug build some 140 levels fill the 512 KB that Apple platforms give
/// secondary threads, Swift concurrency's included.
enum LargeStack {
    /// Reserved, not used, until the recursion reaches it.
    static let size = 16 << 20

    /// Values nesting more levels than this are encoded and decoded by Foundation on a large stack.
    static let shallowDepth = 32

    /// `body`'s result; the caller waits without holding a thread.
    static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in start { continuation.resume(returning: body()) } }
    }

    /// `body`'s result, for synchronous callers: the calling thread waits for it.
    static func wait<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value {
        let result = Box<Value>()
        block { result.value = body() }
        return result.value!
    }

    /// `type` decoded by `JSONDecoder` from the bytes `json` makes, both on a large stack.
    static func decode<Value: Decodable>(_ type: Value.Type, from json: @escaping @Sendable () throws -> Data) throws -> Value {
        let result = Box<Result<Value, any Error>>()
        let decoding = Handoff { result.value = Result { try JSONDecoder().decode(Value.self, from: json()) } }
        block { decoding.run() }
        return try result.value!.get()
    }

    /// Runs `body` on a thread of `size` while the calling thread waits.
    private static func block(_ body: @escaping @Sendable () -> Void) {
        let finished = DispatchSemaphore(value: 0)
        start {
            body()
            finished.signal()
        }
        finished.wait()
    }

    private static func start(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.stackSize = size
        thread.start()
    }

    /// Written by the thread before it signals, read by the caller after: the semaphore orders them.
    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// Work that is not `Sendable` (it may make a value that is not), run only by `block`'s thread
    /// while its caller waits.
    private struct Handoff: @unchecked Sendable {
        let run: () -> Void
    }
}
