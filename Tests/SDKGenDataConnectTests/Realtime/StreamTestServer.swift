import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(RealtimeBenchmark) @testable import SDKGenDataConnect

/// A loopback fake of `ConnectorStreamService/Connect` over real sockets: WebSocket
/// upgrade, masked client frames, and both framings of responses (production: binary
/// frames of bare JSON; emulator: text frames wrapping `{"result": ...}`). On the same
/// port it answers plain HTTP requests (the REST `executeQuery` of the fallback), and it
/// injects the faults of `StreamFaultTests`: refused upgrades, close frames, resets.
final class StreamTestServer: Sendable {
    enum Framing: Sendable {
        case production
        case emulator
    }

    /// What one client connection did, in order.
    enum Event: Equatable, Sendable {
        case message(JSONValue)
        case ping
        case closed
    }

    /// One accepted client connection.
    final class Connection: Sendable {
        let path: String
        private let socket = Locked<Int32>(-1)
        private let recorded = Locked<[Event]>([])

        init(socket fd: Int32, path: String) {
            self.path = path
            socket.withLock { $0 = fd }
        }

        var events: [Event] { recorded.withLock { $0 } }
        var messages: [JSONValue] {
            events.compactMap { if case .message(let json) = $0 { return json } else { return nil } }
        }
        var isClosed: Bool { events.contains(.closed) }

        func record(_ event: Event) {
            recorded.withLock { $0.append(event) }
        }

        /// Writes raw bytes; a no-op once the connection is closed.
        func write(_ bytes: [UInt8]) {
            socket.withLock { fd in
                guard fd >= 0 else { return }
                _ = sendAll(fd, bytes)
            }
        }

        func write(_ frame: WebSocketFrame) {
            write(frame.encoded(mask: nil))
        }

        /// Sends a close frame with `code`, as a server going away or failing does.
        func sendClose(code: UInt16) {
            write(WebSocketFrame(fin: true, opcode: .close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)]))
        }

        /// Sends the first half of a frame, then resets the TCP connection (RST, not FIN).
        func resetMidFrame() {
            let frame = WebSocketFrame(fin: true, opcode: .binary, payload: Array(repeating: UInt8(ascii: "x"), count: 64)).encoded(mask: nil)
            // One lock for both, so no other frame slips in between.
            socket.withLock { fd in
                guard fd >= 0 else { return }
                _ = sendAll(fd, Array(frame.prefix(20)))
                var linger = linger(l_onoff: 1, l_linger: 0)
                _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout.size(ofValue: linger)))
                // Wakes the serving thread, whose close then resets the connection (linger 0).
                _ = shutdown(fd, Int32(SHUT_RD))
            }
        }

        /// Ends the TCP connection without a close frame (a network drop).
        func drop() {
            socket.withLock { fd in
                if fd >= 0 { _ = shutdown(fd, Int32(SHUT_RDWR)) }
            }
        }

        func closeSocket() {
            socket.withLock { fd in
                if fd >= 0 { _ = SocketIO.close(fd) }
                fd = -1
            }
        }
    }

    let port: Int
    let framing: Framing
    private let listener: Int32
    /// Set by the first `stop()`; the accept thread closes the listener and signals `acceptEnded`.
    private let stopped = Locked(false)
    private let acceptEnded = DispatchSemaphore(value: 0)
    private let accepted = Locked<[Connection]>([])
    private let answerPings = Locked(true)
    private let subscribeAnswer = Locked<(@Sendable (_ request: JSONValue) -> String?)?>(nil)
    private let restAnswer = Locked<(@Sendable (_ request: JSONValue) -> String?)?>(nil)
    private let silent = Locked(false)
    /// Held while a result is computed and written, so an answer computed before a change
    /// is never written after the push of that change.
    private let sending = Locked(0)
    private let refusal = Locked<Int?>(nil)
    private let restRequests = Locked<[String]>([])

    /// Listens on `port` (0: any free port; the same port again brings a stopped server back).
    init(framing: Framing, port requested: Int = 0) throws {
        self.framing = framing
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var reuse: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(requested).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0, listen(fd, 64) == 0 else {
            _ = SocketIO.close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        // Named, so a soak that counts threads tells the server's from the runtime's.
        thread.name = "TestServer"
        thread.start()
    }

    /// Stops accepting, frees the port and drops every connection.
    /// Only the first call acts: closing the listener's number twice could close a descriptor that
    /// a later server or the runtime got meanwhile. The accept thread closes it (so it never accepts
    /// on a reused number); this waits for that, so the port is free on return.
    func stop() {
        guard !stopped.withLock({ stopped in defer { stopped = true }; return stopped }) else { return }
        _ = shutdown(listener, Int32(SHUT_RDWR))
        _ = acceptEnded.wait(timeout: .now() + 10)
        for connection in connections { connection.drop() }
    }

    var connections: [Connection] { accepted.withLock { $0 } }

    /// Answers each `subscribe` with the body (`{"data": ..., "extensions": ...}`) this returns, if any.
    func answerSubscribe(_ answer: @escaping @Sendable (_ operationName: String) -> String?) {
        answerSubscribeRequests { $0["operationName"]?.stringValue.flatMap(answer) }
    }

    /// Answers each `subscribe` (`{"operationName": ..., "variables": ...}`) with the body this returns, if any.
    func answerSubscribeRequests(_ answer: @escaping @Sendable (_ request: JSONValue) -> String?) {
        subscribeAnswer.withLock { $0 = answer }
    }

    /// Answers each REST request (`executeQuery`) with the body this returns, status 200.
    func answerREST(_ answer: @escaping @Sendable (_ operationName: String) -> String) {
        answerRESTRequests { $0["operationName"]?.stringValue.map(answer) }
    }

    /// Answers each REST request with the body this returns for its JSON body (status 200; 404 for `nil`).
    func answerRESTRequests(_ answer: @escaping @Sendable (_ request: JSONValue) -> String?) {
        restAnswer.withLock { $0 = answer }
    }

    /// A silent server answers nothing (no results, no pongs) but keeps its connections.
    func setSilent(_ isSilent: Bool) {
        silent.withLock { $0 = isSilent }
    }

    /// Forgets closed connections (a long run would otherwise keep every message they got).
    func forgetClosedConnections() {
        accepted.withLock { $0.removeAll { $0.isClosed } }
    }

    /// The operation names of the REST requests answered so far.
    var restOperations: [String] { restRequests.withLock { $0 } }

    /// How many REST requests were answered since the last call, which forgets them (a long run
    /// would otherwise keep every name).
    func takeRESTRequestCount() -> Int {
        restRequests.withLock { names in
            defer { names = [] }
            return names.count
        }
    }

    /// Answers WebSocket upgrades with this HTTP status instead of 101 (`nil`: upgrade again).
    func refuseUpgrades(status: Int?) {
        refusal.withLock { $0 = status }
    }

    /// Pushes the current body of each subscription on the newest connection (an outside mutation changed them all).
    func pushToAll(_ body: @Sendable (_ operationName: String) -> String) {
        pushToAllRequests { $0["operationName"]?.stringValue.map(body) }
    }

    /// Pushes, on the newest connection, the body this returns for each `subscribe` request it got (none for `nil`).
    func pushToAllRequests(_ body: @Sendable (_ request: JSONValue) -> String?) {
        guard let connection = connections.last, !silent.withLock({ $0 }) else { return }
        sending.withLock { _ in
            for message in connection.messages {
                guard case .string(let requestID)? = message["requestId"], let request = message["subscribe"],
                      let body = body(request) else { continue }
                push(body, requestID: requestID, on: connection)
            }
        }
    }

    func setAnswersPings(_ answers: Bool) {
        answerPings.withLock { $0 = answers }
    }

    /// Sends a result for `requestID` in this server's framing.
    func push(_ body: String, requestID: String, on connection: Connection? = nil, cancelled: Bool = false) {
        guard case .object(var members)? = try? JSONValue.parse(Data(body.utf8)) else { return }
        members["requestId"] = .string(requestID)
        if cancelled { members["cancelled"] = .bool(true) }
        send(.object(members), on: connection)
    }

    /// Sends a stream-level `{"error": ...}` envelope.
    func sendError(status: String, code: Int, message: String, on connection: Connection? = nil) {
        let error: JSONValue = .object(["error": .object(["code": .int(Int64(code)), "status": .string(status), "message": .string(message)])])
        let bytes = (try? error.encoded()) ?? Data()
        (connection ?? connections.last)?.write(WebSocketFrame(fin: true, opcode: .text, payload: Array(bytes)))
    }

    private func send(_ response: JSONValue, on connection: Connection?) {
        guard let target = connection ?? connections.last else { return }
        switch framing {
        case .production:
            let bytes = (try? response.encoded()) ?? Data()
            target.write(WebSocketFrame(fin: true, opcode: .binary, payload: Array(bytes)))
        case .emulator:
            let bytes = (try? JSONValue.object(["result": response]).encoded()) ?? Data()
            target.write(WebSocketFrame(fin: true, opcode: .text, payload: Array(bytes)))
        }
    }

    /// Waits for connection number `index` (0-based) to be accepted.
    func connection(_ index: Int) async -> Connection? {
        _ = await eventually { self.connections.count > index }
        let all = connections
        return index < all.count ? all[index] : nil
    }

    /// Waits until connection `index` received a message matching `match`.
    func message(on index: Int, _ match: @escaping @Sendable (JSONValue) -> Bool) async -> JSONValue? {
        guard let connection = await connection(index) else { return nil }
        _ = await eventually { connection.messages.contains(where: match) }
        return connection.messages.first(where: match)
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0, errno == EINTR { continue }
            guard fd >= 0 else {
                _ = SocketIO.close(listener)
                acceptEnded.signal()
                return
            }
            // Only an accepted WebSocket gets a thread: a thread per REST request (thousands in the
            // soak) churned glibc's per-thread arenas, which the soak's memory bound counted.
            guard let (connection, received) = upgrade(fd) else { continue }
            let thread = Thread { [self] in serve(fd, connection, received: received) }
            thread.name = "TestServer"
            thread.start()
        }
    }

    /// Reads a request's head: answers a REST request or refuses an upgrade (and returns `nil`),
    /// or accepts the upgrade and returns the connection and the bytes after the head.
    private func upgrade(_ fd: Int32) -> (Connection, [UInt8])? {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var received: [UInt8] = []
        var headEnd: Int?
        while headEnd == nil {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else {
                _ = SocketIO.close(fd)
                return nil
            }
            received.append(contentsOf: buffer[0..<count])
            headEnd = WebSocketHandshake.headEnd(in: received)
        }
        guard let headEnd else { return nil }
        let head = String(decoding: received[..<headEnd], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let path = lines.first?.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        func header(_ name: String) -> String? {
            lines.first { $0.lowercased().hasPrefix(name + ":") }
                .map { String($0.drop(while: { $0 != ":" }).dropFirst()).trimmingCharacters(in: .whitespaces) }
        }
        guard let key = header("sec-websocket-key") else {
            serveREST(fd, body: Array(received[(headEnd + 4)...]), length: Int(header("content-length") ?? "") ?? 0)
            return nil
        }
        if let status = refusal.withLock({ $0 }) {
            _ = sendAll(fd, Array("HTTP/1.1 \(status) Refused\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            _ = SocketIO.close(fd)
            return nil
        }
        let connection = Connection(socket: fd, path: path)
        connection.write(Array(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(forKey: key))\r\n\r\n").utf8))
        accepted.withLock { $0.append(connection) }
        return (connection, Array(received[(headEnd + 4)...]))
    }

    private func serve(_ fd: Int32, _ connection: Connection, received: [UInt8]) {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var reader = WebSocketFrameReader(maxPayload: 1 << 20, expectMasked: true)
        var assembler = WebSocketMessageAssembler(maxMessage: 1 << 20)
        reader.append(received)
        loop: while true {
            do {
                while let frame = try reader.next() {
                    switch try assembler.accept(frame) {
                    case .text(let text)?:
                        guard let json = try? JSONValue.parse(Data(text.utf8)) else { continue }
                        connection.record(.message(json))
                        answer(json, on: connection)
                    case .ping(let payload)?:
                        connection.record(.ping)
                        if answerPings.withLock({ $0 }) && !silent.withLock({ $0 }) { connection.write(WebSocketFrame(fin: true, opcode: .pong, payload: payload)) }
                    case .close?:
                        connection.write(WebSocketFrame(fin: true, opcode: .close, payload: [0x03, 0xE8]))
                        break loop
                    case .binary?, .pong?, nil:
                        break
                    }
                }
            } catch {
                break loop
            }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            reader.append(Array(buffer[0..<count]))
        }
        connection.record(.closed)
        connection.closeSocket()
    }

    /// Reads a REST request's body and answers it with `restAnswer` (404 without one).
    private func serveREST(_ fd: Int32, body received: [UInt8], length: Int) {
        var body = received
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while body.count < length {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            body.append(contentsOf: buffer[0..<count])
        }
        let request = (try? JSONValue.parse(Data(body))) ?? .null
        restRequests.withLock { $0.append(request["operationName"]?.stringValue ?? "") }
        let answer = restAnswer.value?(request)
        let payload = Array((answer ?? "").utf8)
        let head = "HTTP/1.1 \(answer == nil ? 404 : 200) OK\r\nContent-Type: application/json\r\nContent-Length: \(payload.count)\r\n"
            + "Connection: close\r\n\r\n"
        _ = sendAll(fd, Array(head.utf8) + payload)
        // The whole request was read, so closing sends a FIN, not a reset that could cut the reply.
        _ = SocketIO.close(fd)
    }

    /// Answers `subscribe`, and `resume` of an earlier `subscribe` on this connection.
    private func answer(_ request: JSONValue, on connection: Connection) {
        guard case .string(let requestID)? = request["requestId"] else { return }
        var subscribe = request["subscribe"]
        if request["resume"] != nil {
            subscribe = connection.messages.first { $0["requestId"] == .string(requestID) && $0["subscribe"] != nil }?["subscribe"]
        }
        guard let subscribe, let answer = subscribeAnswer.value, !silent.withLock({ $0 }) else { return }
        sending.withLock { _ in
            if let body = answer(subscribe) { push(body, requestID: requestID, on: connection) }
        }
    }
}

/// Writes every byte to a blocking socket; `false` when the connection failed.
private func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, bytes.count - offset, SocketIO.noSignal) }
        if sent < 0, errno == EINTR { continue }
        guard sent > 0 else { return false }
        offset += sent
    }
    return true
}

extension JSONValue {
    /// `self[key]` of an object, for assertions.
    subscript(_ key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    var stringValue: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }
}
