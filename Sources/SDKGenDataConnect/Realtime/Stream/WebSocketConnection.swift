import Foundation

/// What a WebSocket connection reports, in order, on one of its own threads.
enum WebSocketEvent: Sendable {
    case text(String)
    case binary([UInt8])
    /// The answer to `sendPing()`.
    case pong
    /// The connection is over (the last event): `nil` after `close()`.
    case closed(WebSocketFailure?)
}

/// One client WebSocket; frames sent before the upgrade completes are queued. Methods never block nor call back synchronously.
protocol WebSocketConnection: AnyObject, Sendable {
    func send(text: String)
    func sendPing()
    /// Closes with a normal close (1000) and reports `.closed(nil)`.
    func close()
}

/// Opens WebSocket connections for the URL schemes it supports.
protocol WebSocketConnector: Sendable {
    /// Whether `url` can be tried (`false` once its scheme was found unsupported).
    func isAvailable(for url: URL) -> Bool
    /// Records that opening `url` failed as unsupported, so later subscriptions fall back at once; warns the first time.
    func markUnsupported(_ url: URL, _ failure: WebSocketFailure, warn: @Sendable (String) -> Void)
    /// Starts connecting to `url`; every event goes to `onEvent`, the last one `.closed`.
    func open(url: URL, onEvent: @escaping @Sendable (WebSocketEvent) -> Void) -> any WebSocketConnection
}

/// Limits shared by both WebSocket clients.
enum WebSocketLimits {
    /// The largest message accepted (Data Connect results are far smaller); a bigger one closes the connection (1009).
    static let maxMessageBytes = 16 << 20
    /// The largest HTTP upgrade response accepted.
    static let maxHandshakeBytes = 16 << 10
}

/// This runtime's WebSocket clients: its own for `ws://` (emulator, loopback tests; every platform) and
/// `URLSessionWebSocketTask` for `wss://` (Apple platforms, and Linux when Foundation's libcurl supports WebSockets).
struct PlatformWebSocketConnector: WebSocketConnector {
    /// Learned from the first `wss://` attempt: on Linux it depends on how libcurl was built, not on versions.
    private static let secureUnavailable = Locked<Bool>(false)
    /// A `ws://` host that does not complete the TCP handshake fails after this long.
    var connectTimeout: TimeInterval = 10

    func isAvailable(for url: URL) -> Bool {
        url.scheme?.lowercased() == "ws" || !PlatformWebSocketConnector.secureUnavailable.withLock { $0 }
    }

    func markUnsupported(_ url: URL, _ failure: WebSocketFailure, warn: @Sendable (String) -> Void) {
        let first = PlatformWebSocketConnector.secureUnavailable.withLock { unavailable -> Bool in
            defer { unavailable = true }
            return !unavailable
        }
        guard first else { return }
        warn("realtime streams over wss:// are unavailable here (\(failure)); subscriptions fall back to fetching and client-side refresh")
    }

    func open(url: URL, onEvent: @escaping @Sendable (WebSocketEvent) -> Void) -> any WebSocketConnection {
        if url.scheme?.lowercased() == "ws" { return POSIXWebSocket(url: url, connectTimeout: connectTimeout, onEvent: onEvent) }
        return URLSessionWebSocket(url: url, onEvent: onEvent)
    }
}
