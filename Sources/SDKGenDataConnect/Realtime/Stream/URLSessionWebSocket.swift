import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `wss://` client over `URLSessionWebSocketTask`. On Linux, Foundation's libcurl needs WebSocket support (default from
/// curl 8.11); without it the first send or receive fails with `NSURLErrorUnsupportedURL`, reported as `.unsupported`.
final class URLSessionWebSocket: WebSocketConnection {
    private let session: URLSession
    private let task: URLSessionWebSocketTask
    private let onEvent: @Sendable (WebSocketEvent) -> Void
    private let finished = Locked(false)
    /// Events go through this serial queue: in order, and never from inside `send`/`close` even if a handler runs synchronously.
    private let events = DispatchQueue(label: "SDKGenDataConnect.URLSessionWebSocket.events")

    init(url: URL, onEvent: @escaping @Sendable (WebSocketEvent) -> Void) {
        // Its own session: `URLSession.shared` web socket tasks crashed in older corelibs (#4730).
        session = URLSession(configuration: .default)
        task = session.webSocketTask(with: url)
        task.maximumMessageSize = WebSocketLimits.maxMessageBytes
        self.onEvent = onEvent
        task.resume()
        receiveNext()
    }

    func send(text: String) {
        task.send(.string(text)) { [self] error in
            if let error { finish(URLSessionWebSocket.failure(error)) }
        }
    }

    func sendPing() {
        task.sendPing { [self] error in
            if let error {
                finish(URLSessionWebSocket.failure(error))
            } else if !finished.withLock({ $0 }) {
                emit(.pong)
            }
        }
    }

    func close() {
        task.cancel(with: .normalClosure, reason: nil)
        finish(nil)
    }

    private func receiveNext() {
        task.receive { [self] result in
            switch result {
            case .success(let message):
                switch message {
                case .string(let text): emit(.text(text))
                case .data(let data): emit(.binary(Array(data)))
                @unknown default: break
                }
                receiveNext()
            case .failure(let error):
                if task.closeCode != .invalid {
                    let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
                    finish(.closedByPeer(code: UInt16(clamping: task.closeCode.rawValue), reason: reason))
                } else {
                    finish(URLSessionWebSocket.failure(error))
                }
            }
        }
    }

    /// Reports `.closed` once and releases the session.
    private func finish(_ failure: WebSocketFailure?) {
        let first = finished.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first else { return }
        session.invalidateAndCancel()
        emit(.closed(failure))
    }

    private func emit(_ event: WebSocketEvent) {
        events.async { [onEvent] in onEvent(event) }
    }

    static func failure(_ error: Error) -> WebSocketFailure {
        let error = error as NSError
        if error.domain == NSURLErrorDomain, error.code == NSURLErrorUnsupportedURL { return .unsupported(error.localizedDescription) }
        if error.domain == NSPOSIXErrorDomain, error.code == Int(EMSGSIZE) { return .messageTooBig(WebSocketLimits.maxMessageBytes) }
        return .connectionFailed(error.localizedDescription)
    }
}
