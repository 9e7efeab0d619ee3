import Foundation

/// What a `DataConnect` instance takes from its surroundings, fixed when the instance is
/// created: the real clock, sockets, caches folder and logger in apps, fakes in tests.
struct RuntimeEnvironment: Sendable {
    /// Time for request timeouts, cache ages, the stream's timers and `@refresh(every:)` polling.
    var clock: any RuntimeClock = SystemClock()
    /// The folder of persistent cache stores.
    var cacheDirectory = CacheDirectory.platformDefault()
    /// The bound of one cache store (one app, connector and user), in estimated bytes.
    var cacheMaxBytes = 10 * 1024 * 1024
    /// Opens the realtime stream's WebSockets.
    var webSockets: any WebSocketConnector = PlatformWebSocketConnector()
    /// Uniform in 0..<1, for the stream's backoff jitter.
    var random: @Sendable () -> Double = { Double.random(in: 0..<1) }
    /// The stream's timings.
    var streamPolicy = StreamPolicy()
    /// Where warnings go that the runtime reports instead of failing (a corrupt cache file, a refused upgrade).
    var warn: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data("[SDKGenDataConnect] warning: \(message.escapingControlCharacters)\n".utf8))
    }
}
