import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SDKGenDataConnect

/// A minimal HTTP/1.1 server on 127.0.0.1 for end-to-end tests of the real URLSession path,
/// and the fault server of the REST fault tests. It answers each connection (on its own
/// thread) with a reply and closes it.
final class LoopbackServer: @unchecked Sendable {
    /// What to do with one request.
    enum Reply: Sendable {
        /// A complete response, sent once `gate` (if any) is signalled.
        case response(status: Int, body: Data, gate: DispatchSemaphore?)
        /// The head (announcing all of `body`) and only its first `sent` bytes, then a close.
        case truncated(status: Int, body: Data, sent: Int)
        /// A TCP reset instead of an answer.
        case reset
        /// No answer; the connection stays open until the client gives up.
        case silent

        /// A JSON response.
        static func json(_ status: Int, _ body: String, gate: DispatchSemaphore? = nil) -> Reply {
            .response(status: status, body: Data(body.utf8), gate: gate)
        }
    }

    typealias Responder = @Sendable (_ request: Request, _ index: Int) -> Reply

    struct Request: Sendable {
        let head: String
        let body: Data

        /// `POST /v1/... HTTP/1.1`.
        var requestLine: String { head.components(separatedBy: "\r\n").first ?? "" }

        func header(_ name: String) -> String? {
            for line in head.components(separatedBy: "\r\n").dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                if line[..<colon].lowercased() == name.lowercased() {
                    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    private let socketFD: Int32
    let port: Int
    private let state = Locked<[Request]>([])
    private let responder: Responder
    private let handled = DispatchGroup()
    /// Set by the first `finish`: a second one must not close a descriptor number reused since.
    private let finished = Locked(false)

    /// Binds an ephemeral port and starts serving `responses` (status, JSON body) in order.
    convenience init(responses: [(Int, String)]) throws {
        try self.init(count: responses.count) { _, index in
            index < responses.count ? .json(responses[index].0, responses[index].1) : .json(500, "{}")
        }
    }

    /// Binds an ephemeral port and answers `count` connections with `responder`.
    init(count: Int, responder: @escaping Responder) throws {
        self.responder = responder
        let (fd, port) = try LoopbackServer.listener(backlog: 16)
        socketFD = fd
        self.port = port
        for _ in 0..<count { handled.enter() }
        let thread = Thread { [self] in serve(count: count) }
        thread.start()
    }

    /// A new TCP socket, and the address of `port` on 127.0.0.1.
    private static func loopbackSocket(port: Int) -> (fd: Int32, address: sockaddr_in) {
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return (fd, address)
    }

    /// A socket listening on an ephemeral port of 127.0.0.1, and the port.
    static func listener(backlog: Int32) throws -> (fd: Int32, port: Int) {
        var (fd, address) = loopbackSocket(port: 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0, listen(fd, backlog) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A loopback port that never completes a TCP handshake: nothing accepts, and its accept
    /// queue is filled, so the kernel drops further SYNs. Close the descriptors when done.
    static func unansweredPort() throws -> (port: Int, descriptors: [Int32]) {
        let (listening, port) = try listener(backlog: 0)
        var descriptors = [listening]
        // Connect until one connect stays pending (the queue is then full).
        for _ in 0..<16 {
            var (fd, address) = loopbackSocket(port: port)
            descriptors.append(fd)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if poll(&entry, 1, 500) == 0 { return (port, descriptors) }
        }
        for fd in descriptors { close(fd) }
        throw POSIXError(.EAGAIN)
    }

    var requests: [Request] { state.withLock { $0 } }

    /// Waits (at most 30 s) until every expected connection was handled, then closes the
    /// socket once; `false` when some connection was still open.
    @discardableResult
    func finish() -> Bool {
        let allHandled = handled.wait(timeout: .now() + 30) == .success
        let first = finished.withLock { done in
            defer { done = true }
            return !done
        }
        if first {
            // shutdown wakes an `accept` still waiting for a connection that never came; close alone does not.
            shutdown(socketFD, Int32(SHUT_RDWR))
            close(socketFD)
        }
        return allHandled
    }

    private func serve(count: Int) {
        for served in 0..<count {
            let connection = accept(socketFD, nil, nil)
            guard connection >= 0 else {
                for _ in served..<count { handled.leave() }
                return
            }
            let worker = Thread { [self] in
                handle(connection)
                close(connection)
                handled.leave()
            }
            worker.start()
        }
    }

    private func handle(_ connection: Int32) {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator = Data("\r\n\r\n".utf8)
        var request: Request?
        while request == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            received.append(buffer, count: count)
            guard let end = received.range(of: separator) else { continue }
            let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
            let partial = Request(head: head, body: Data())
            let bodyLength = Int(partial.header("Content-Length") ?? "0") ?? 0
            let body = received[end.upperBound...]
            if body.count >= bodyLength {
                request = Request(head: head, body: Data(body.prefix(bodyLength)))
            }
        }
        guard let request else { return }
        let index = state.withLock { requests in
            requests.append(request)
            return requests.count - 1
        }
        switch responder(request, index) {
        case .response(let status, let body, let gate):
            gate?.wait()
            sendAll(connection, LoopbackServer.head(status: status, length: body.count) + body)
        case .truncated(let status, let body, let sent):
            sendAll(connection, LoopbackServer.head(status: status, length: body.count) + body.prefix(sent))
        case .reset:
            // Closing with a zero linger time sends RST instead of FIN.
            var option = linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        case .silent:
            while recv(connection, &buffer, buffer.count, 0) > 0 {}
        }
    }

    private static func head(status: Int, length: Int) -> Data {
        Data("HTTP/1.1 \(status) Status\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\nConnection: close\r\n\r\n".utf8)
    }

    /// Sends `bytes` whole (large bodies take many `send` calls); stops if the client hung up.
    private func sendAll(_ connection: Int32, _ bytes: Data) {
        // A client that gave up must not kill the test process with SIGPIPE.
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(connection, buffer.baseAddress! + offset, buffer.count - offset, flags)
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }
}
