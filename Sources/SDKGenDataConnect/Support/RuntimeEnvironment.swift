import Foundation

/// What a `DataConnect` instance takes from its surroundings, fixed when the instance is
/// created: the real clock and caches folder in apps, fakes in tests.
struct RuntimeEnvironment: Sendable {
    /// Time for request timeouts and cache ages.
    var clock: any RuntimeClock = SystemClock()
    /// The folder of persistent cache stores.
    var cacheDirectory = CacheDirectory.platformDefault()
    /// The bound of one cache store (one app, connector and user), in estimated bytes.
    var cacheMaxBytes = 10 * 1024 * 1024
}
