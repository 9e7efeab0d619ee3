import Foundation

/// A value guarded by a lock, so classes holding mutable state can be `Sendable`
/// without an actor hop (the runtime's APIs are synchronous where Firebase's are).
final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// A copy. For a closure, not `withLock { $0 }`: its `inout` round trip re-wraps the stored closure in thunks.
    var value: State {
        lock.lock()
        defer { lock.unlock() }
        return state
    }
}
