import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A `ws://` client (RFC 6455) over a plain TCP socket, for the emulator and loopback tests on every platform (Linux included).
///
/// One task per socket does its non-blocking I/O (connect, upgrade, then reading frames and sending those `send`
/// queued) and waits for the socket, or for the pipe that `send` writes to wake it, on the shared I/O thread
/// (`SocketPoller`). The socket is closed only in `deinit`, after the task, so its descriptor is never reused under it.
final class POSIXWebSocket: WebSocketConnection {
    private struct State {
        var socket: Int32 = -1
        var closing = false
        /// Encoded frames for the task to send, in order.
        var outgoing: [UInt8] = []
        /// End the connection once `outgoing` is sent (after our close frame).
        var shutDownWhenSent = false
    }

    private let url: URL
    private let connectTimeout: TimeInterval
    private let poller: SocketPoller
    private let onEvent: @Sendable (WebSocketEvent) -> Void
    /// The lock guards only this state; no call is made while holding it.
    private let state = Locked(State())
    /// Written to wake the task's wait when frames are queued; read end first.
    private let wake: [Int32]

    /// Connects to `url`; a host that does not complete the TCP handshake within `connectTimeout` seconds fails.
    init(url: URL, connectTimeout: TimeInterval, poller: SocketPoller = .shared, onEvent: @escaping @Sendable (WebSocketEvent) -> Void) {
        self.url = url
        self.connectTimeout = connectTimeout
        self.poller = poller
        self.onEvent = onEvent
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK) }
        }
        wake = fds
        Task { [self] in await run() }
    }

    deinit {
        for fd in wake + [state.value.socket] where fd >= 0 { _ = SocketIO.close(fd) }
    }

    func send(text: String) {
        enqueue(WebSocketFrame(fin: true, opcode: .text, payload: Array(text.utf8)))
    }

    func sendPing() {
        enqueue(WebSocketFrame(fin: true, opcode: .ping, payload: []))
    }

    func close() {
        let socket = state.withLock { state -> Int32 in
            state.closing = true
            return state.socket
        }
        guard socket >= 0 else { return }
        enqueue(WebSocketFrame(fin: true, opcode: .close, payload: [0x03, 0xE8]), thenShutDown: true)
    }

    /// Queues `frame` for the task and wakes it.
    private func enqueue(_ frame: WebSocketFrame, thenShutDown: Bool = false) {
        let bytes = frame.encoded(mask: POSIXWebSocket.mask())
        state.withLock { state in
            state.outgoing += bytes
            if thenShutDown { state.shutDownWhenSent = true }
        }
        var byte: UInt8 = 1
        _ = write(wake[1], &byte, 1)
    }

    private static func mask() -> [UInt8] {
        (0..<4).map { _ in UInt8.random(in: 0...255) }
    }

    private func run() async {
        let failure: WebSocketFailure?
        do {
            guard wake[0] >= 0 else { throw WebSocketFailure.connectionFailed("cannot create a pipe (errno \(errno))") }
            let socket = try await connect()
            let leftover = try await handshake(socket)
            // Closed during the upgrade: nothing is read or delivered.
            failure = state.withLock({ $0.closing }) ? nil : await pump(socket, leftover: leftover)
            _ = shutdown(socket, Int32(SHUT_RDWR))
        } catch {
            failure = error as? WebSocketFailure ?? .connectionFailed("\(error)")
        }
        let closedByUs = state.withLock { $0.closing }
        onEvent(.closed(closedByUs ? nil : failure))
    }

    private func connect() async throws -> Int32 {
        guard let host = url.host?.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), !host.isEmpty else {
            throw WebSocketFailure.connectionFailed("no host in \(url)")
        }
        // A `ConnectFailure` becomes `connectionFailed` with its words in `run`.
        let socket = try await SocketIO.connect(host: host, port: url.port ?? 80, timeout: connectTimeout, poller: poller)
        let closing = state.withLock { state -> Bool in
            state.socket = socket
            return state.closing
        }
        if closing { throw WebSocketFailure.connectionFailed("closed while connecting") }
        return socket
    }

    /// Sends the upgrade request and checks the answer; returns the bytes after it.
    private func handshake(_ socket: Int32) async throws -> [UInt8] {
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let (target, hostHeader) = SocketIO.target(of: url)
        let request = "GET \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
        guard try await SocketIO.sendAll(socket, Array(request.utf8), poller: poller) else {
            throw WebSocketFailure.connectionFailed("cannot send the upgrade request")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            guard let count = SocketIO.receiveAvailable(socket, into: &buffer) else {
                // `close()` wakes the wait, so a server that never answers the upgrade does not keep the task.
                try await waitForSocket(socket, POLLIN)
                if state.withLock({ $0.closing }) { throw WebSocketFailure.connectionFailed("closed during the upgrade") }
                continue
            }
            guard count > 0 else { throw WebSocketFailure.handshakeFailed("the connection closed during the upgrade") }
            received.append(contentsOf: buffer[0..<count])
            if let end = WebSocketHandshake.headEnd(in: received) {
                try WebSocketHandshake.checkResponse(String(decoding: received[..<end], as: UTF8.self), key: key)
                return Array(received[(end + 4)...])
            }
            guard received.count <= WebSocketLimits.maxHandshakeBytes else {
                throw WebSocketFailure.handshakeFailed("the upgrade response is larger than \(WebSocketLimits.maxHandshakeBytes) bytes")
            }
        }
    }

    /// Reads frames and sends the queued ones until the connection ends; `nil` after a clean close.
    private func pump(_ socket: Int32, leftover: [UInt8]) async -> WebSocketFailure? {
        var reader = WebSocketFrameReader(maxPayload: WebSocketLimits.maxMessageBytes, expectMasked: false)
        var assembler = WebSocketMessageAssembler(maxMessage: WebSocketLimits.maxMessageBytes)
        reader.append(leftover)
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var pending: [UInt8] = []
        /// Sends what is queued (and `last`) as far as the socket takes it now.
        func flush(_ last: WebSocketFrame? = nil) -> Bool {
            let (queued, shutDown) = state.withLock { state in
                defer { state.outgoing = [] }
                return (state.outgoing, state.shutDownWhenSent)
            }
            pending += queued
            if let last { pending += last.encoded(mask: POSIXWebSocket.mask()) }
            while !pending.isEmpty {
                let sent = SocketIO.sendAvailable(socket, pending[...])
                // A send error, or a peer that stops reading while a message's worth waits or while we
                // close, ends the connection: our close frame is a courtesy, not worth waiting for.
                guard sent >= 0 else { return false }
                guard sent > 0 else { return !shutDown && pending.count <= WebSocketLimits.maxMessageBytes }
                pending.removeFirst(sent)
            }
            return !shutDown
        }
        while true {
            do {
                while let frame = try reader.next() {
                    switch try assembler.accept(frame) {
                    case .text(let text)?: onEvent(.text(text))
                    case .binary(let bytes)?: onEvent(.binary(bytes))
                    case .ping(let payload)?: _ = flush(WebSocketFrame(fin: true, opcode: .pong, payload: payload))
                    case .pong?: onEvent(.pong)
                    case .close(let code, let reason)?: throw WebSocketFailure.closedByPeer(code: code, reason: reason)
                    case nil: break
                    }
                }
            } catch {
                // Send a close (echoing the peer's, §5.5.1), then end the TCP connection.
                let failure = error as? WebSocketFailure ?? .protocolViolation("\(error)")
                let code: UInt16? = if case .closedByPeer(let code, _) = failure { code }
                    else if case .messageTooBig = failure { 1009 } else { 1002 }
                _ = flush(WebSocketFrame(fin: true, opcode: .close, payload: code.map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } ?? []))
                _ = shutdown(socket, Int32(SHUT_RDWR))
                return failure
            }
            if !flush() { _ = shutdown(socket, Int32(SHUT_RDWR)) }
            guard let count = SocketIO.receiveAvailable(socket, into: &buffer) else {
                do {
                    try await waitForSocket(socket, POLLIN | (pending.isEmpty ? 0 : POLLOUT))
                } catch {
                    return .connectionFailed("cannot wait for the socket: \(error)")
                }
                continue
            }
            guard count > 0 else { return .connectionFailed(count == 0 ? "the server closed the connection" : "recv failed (errno \(errno))") }
            reader.append(buffer[0..<count])
        }
    }

    /// Waits until the socket is ready for `events` or `send`/`close` woke the task, and empties the wake pipe.
    private func waitForSocket(_ socket: Int32, _ events: Int32) async throws {
        try await poller.wait([(socket, events), (wake[0], POLLIN)])
        var drained = [UInt8](repeating: 0, count: 64)
        while read(wake[0], &drained, drained.count) > 0 {}
    }
}

/// The RFC 6455 §4 handshake checks, shared with the tests' and the realtime benchmark's loopback servers (hence the SPI).
@_spi(RealtimeBenchmark)
public enum WebSocketHandshake {
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// `base64(SHA-1(key + GUID))`, the `Sec-WebSocket-Accept` a server answers `key` with.
    public static func acceptValue(forKey key: String) -> String {
        Data(SHA1.digest(Array((key + guid).utf8))).base64EncodedString()
    }

    /// The index of the blank line (`\r\n\r\n`) that ends an HTTP head, if it arrived.
    public static func headEnd(in bytes: [UInt8]) -> Int? {
        bytes.indices.dropLast(3).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10 }
    }

    static func checkResponse(_ text: String, key: String) throws {
        let head = HTTPHead(text)
        guard head.statusLine.hasPrefix("HTTP/1.1 101") else {
            throw WebSocketFailure.handshakeFailed("the server answered \"\(head.statusLine.prefix(100))\" instead of 101")
        }
        guard head.headers["upgrade"]?.lowercased() == "websocket",
              head.headers["connection"]?.lowercased().contains("upgrade") == true else {
            throw WebSocketFailure.handshakeFailed("the 101 response does not upgrade to websocket")
        }
        guard head.headers["sec-websocket-accept"] == acceptValue(forKey: key) else {
            throw WebSocketFailure.handshakeFailed("Sec-WebSocket-Accept does not match the key")
        }
    }
}
