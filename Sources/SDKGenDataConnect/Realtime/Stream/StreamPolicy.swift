import Foundation

/// The timing rules of a stream connection (docs/realtime.md, "Connection management").
struct StreamPolicy: Sendable {
    /// A ping after this much time; gRPC keepalive of iOS 11.12.6 / Android.
    var keepaliveInterval: TimeInterval = 30
    /// No pong within this counts as a dead connection.
    var pongTimeout: TimeInterval = 10
    /// An unanswered subscription is fetched over REST after this (the stream keeps trying): a silent server leaves no screen empty.
    var answerTimeout: TimeInterval = 5
    /// The connection closes this long after its last subscription ends (JS, Android).
    var idleClose: TimeInterval = 15
    /// Reconnect delays: `initialDelay * multiplier^attempt`, at most `maxDelay`, times 0.5...1.5; reset by a connection's first message.
    var initialDelay: TimeInterval = 1
    var multiplier: Double = 1.5
    var maxDelay: TimeInterval = 60
    /// The auth token is refreshed this long before it expires.
    var tokenRefreshMargin: TimeInterval = 300
    /// The shortest wait before a token refresh (a token already close to expiry, or a failed refresh).
    var minimumTokenRefreshDelay: TimeInterval = 30

    /// The delay before reconnect attempt `attempt` (0-based); `random` is in 0..<1.
    func reconnectDelay(attempt: Int, random: Double) -> TimeInterval {
        min(maxDelay, initialDelay * pow(multiplier, Double(min(attempt, 64)))) * (0.5 + random)
    }

    /// When to refresh `token`, from its JWT `exp` claim; `nil` for tokens without one.
    func tokenRefreshDelay(token: String?, now: Date) -> TimeInterval? {
        guard let token, let expiry = UserIdentity.expiry(ofToken: token) else { return nil }
        return max(expiry.timeIntervalSince(now) - tokenRefreshMargin, minimumTokenRefreshDelay)
    }
}
