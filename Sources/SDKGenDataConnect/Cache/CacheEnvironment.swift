import Foundation

/// What the cache takes from its surroundings, replaceable in tests: the clock, the folder
/// of persistent stores and the size bound.
final class CacheEnvironment: Sendable {
    /// The default bound of one store (one app, connector and user), in estimated bytes.
    static let defaultMaxBytes = 10 * 1024 * 1024

    private struct State: Sendable {
        var now: @Sendable () -> Date = { Date() }
        var directory: URL?
        var maxBytes = CacheEnvironment.defaultMaxBytes
    }

    private let state = Locked(State())

    init() {}

    /// The current time, for `maxAge` and least-recently-used bookkeeping.
    var now: Date {
        state.withLock { $0.now }()
    }

    /// The folder of persistent stores; the platform caches folder unless set.
    var directory: URL {
        state.withLock { $0.directory } ?? CacheDirectory.platformDefault()
    }

    var maxBytes: Int {
        state.withLock { $0.maxBytes }
    }

    func setClock(_ clock: @escaping @Sendable () -> Date) {
        state.withLock { $0.now = clock }
    }

    func setDirectory(_ url: URL) {
        state.withLock { $0.directory = url }
    }

    func setMaxBytes(_ bytes: Int) {
        state.withLock { $0.maxBytes = bytes }
    }
}
