import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The runtime's HTTP/1.1 client for `http://` hosts (the emulator, loopback servers): one request
/// per connection (`Connection: close`), its non-blocking I/O in the caller's task, which waits for
/// its socket on the shared I/O thread (`SocketPoller`), without CPU where FoundationNetworking
/// spins (docs/runtime.md, "Cost of waiting"). Cancelling (the deadline does) ends a wait at once.
enum PlainHTTPExchange {
    /// The status and body of `request`; failures are `URLError`s as URLSession's are.
    static func send(_ request: URLRequest, poller: SocketPoller = .shared) async throws -> (Int, Data) {
        guard let url = request.url, let host = url.host?.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) else {
            throw URLError(.badURL)
        }
        let socket = try await connect(host: host, port: url.port ?? 80, poller: poller)
        defer { _ = SocketIO.close(socket) }
        var unsent = head(of: request, url: url) + Array(request.httpBody ?? Data())
        while !unsent.isEmpty {
            let sent = SocketIO.sendAvailable(socket, unsent)
            guard sent >= 0 else { throw URLError(.networkConnectionLost) }
            unsent.removeFirst(sent)
            if sent == 0 { try await poller.wait(socket, for: POLLOUT) }
        }
        var response = HTTPResponseReader()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        // The connection's end (0) completes a body that has neither a length nor chunks.
        while try !response.isComplete() {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count == 0 { break }
            if count > 0 {
                response.append(buffer[0..<count])
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                try await poller.wait(socket, for: POLLIN)
            } else if errno != EINTR {
                throw URLError(.networkConnectionLost)
            }
        }
        guard let answer = try response.answer() else { throw URLError(.networkConnectionLost) }
        return answer
    }

    /// A connected non-blocking socket, trying each address of `host` in turn.
    private static func connect(host: String, port: Int, poller: SocketPoller) async throws -> Int32 {
        var lastErrno: Int32 = 0
        let addresses: [SocketIO.Address]
        do {
            addresses = try SocketIO.addresses(host: host, port: port)
        } catch {
            throw URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: "\(error)"])
        }
        for address in addresses {
            let fd = SocketIO.startConnect(address)
            guard fd >= 0 else { lastErrno = errno; continue }
            let waited: Void? = try? await poller.wait(fd, for: POLLOUT)
            lastErrno = waited == nil ? ECANCELED : SocketIO.connectError(fd)
            if lastErrno == 0 { return fd }
            _ = SocketIO.close(fd)
            try Task.checkCancellation()
        }
        let description = "cannot connect to \(host):\(port) (errno \(lastErrno))"
        throw URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: description])
    }

    static func head(of request: URLRequest, url: URL) -> [UInt8] {
        let (target, host) = SocketIO.target(of: url)
        var head = "\(request.httpMethod ?? "GET") \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
            + "Content-Length: \(request.httpBody?.count ?? 0)\r\n"
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key })
        where !["host", "connection", "content-length"].contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        return Array((head + "\r\n").utf8)
    }
}

/// An HTTP/1.1 response head: the status and the headers (names lowercased).
struct HTTPHead {
    let statusLine: String
    let headers: [String: String]

    init(_ text: String) {
        let lines = text.components(separatedBy: "\r\n")
        statusLine = lines.first ?? ""
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
    }

    /// `200` of `HTTP/1.1 200 OK`.
    var status: Int? {
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1.") else { return nil }
        return Int(parts[1])
    }
}

/// Reads one response from the bytes of a connection, whose body ends after `Content-Length`
/// bytes, after the last chunk of a chunked body, or else with the connection.
struct HTTPResponseReader {
    private var bytes: [UInt8] = []
    private var status: Int?
    private var bodyStart = 0
    private var length: Int?
    /// A chunked body: the decoded chunks, and where the next chunk's size line starts.
    private var chunks: (body: [UInt8], next: Int, done: Bool)?
    /// A head longer than this is not HTTP; a length or chunk beyond this cannot be answered, and
    /// would overflow the offsets computed from it.
    private static let maximumHead = 64 << 10
    private static let maximumLength = 1 << 40

    mutating func append(_ received: ArraySlice<UInt8>) {
        bytes.append(contentsOf: received)
    }

    /// Whether the whole response arrived (else it ends with the connection).
    mutating func isComplete() throws -> Bool {
        if status == nil {
            guard let end = WebSocketHandshake.headEnd(in: bytes) else {
                if bytes.count > Self.maximumHead { throw URLError(.cannotParseResponse) }
                return false
            }
            let head = HTTPHead(String(decoding: bytes[..<end], as: UTF8.self))
            guard let status = head.status else { throw URLError(.cannotParseResponse) }
            self.status = status
            bodyStart = end + 4
            if let text = head.headers["content-length"] {
                guard let value = Int(text), (0...Self.maximumLength).contains(value) else { throw URLError(.cannotParseResponse) }
                length = value
                // A server's figure is not trusted with the allocation beyond what it sends.
                bytes.reserveCapacity(bodyStart + min(value, 64 << 20))
            }
            if head.headers["transfer-encoding"]?.lowercased().contains("chunked") == true { chunks = ([], bodyStart, false) }
        }
        if chunks != nil { return try decodeChunks() }
        return length.map { bytes.count - bodyStart >= $0 } ?? false
    }

    /// The status and body: `nil` when the head, a chunk or `Content-Length` bytes are missing.
    mutating func answer() throws -> (Int, Data)? {
        guard let status else { return nil }
        if let chunks { return try decodeChunks() ? (status, Data(chunks.body)) : nil }
        guard let length else { return (status, Data(bytes[bodyStart...])) }
        return bytes.count - bodyStart >= length ? (status, Data(bytes[bodyStart..<(bodyStart + length)])) : nil
    }

    /// Decodes the chunks that arrived completely; `true` after the last (size 0; trailers are ignored).
    private mutating func decodeChunks() throws -> Bool {
        guard var state = chunks else { return false }
        defer { chunks = state }
        while !state.done, let lineEnd = Self.lineEnd(in: bytes, from: state.next) {
            let sizeText = String(decoding: bytes[state.next..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), (0...Self.maximumLength).contains(size) else {
                throw URLError(.cannotParseResponse)
            }
            let start = lineEnd + 2
            guard size > 0 else { state.done = true; break }
            guard bytes.count >= start + size + 2 else { break }
            state.body += bytes[start..<(start + size)]
            state.next = start + size + 2
        }
        return state.done
    }

    private static func lineEnd(in bytes: [UInt8], from start: Int) -> Int? {
        (start..<max(start, bytes.count - 1)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 }
    }
}

/// The `http://` client's I/O thread: it polls the sockets of every request in flight and resumes
/// a request's task when its socket is ready (not a thread per request, which churned threads and
/// malloc arenas). It starts with a wait and ends, with its wake pipe, `idleExit` seconds after the last.
final class SocketPoller: Sendable {
    /// The poller of every `http://` request.
    static let shared = SocketPoller(threadName: "SDKGenDC.HTTP", idleExit: 2)

    private typealias Wait = (fd: pollfd, continuation: CheckedContinuation<Void, any Error>)

    private struct State {
        var waits: [UInt64: Wait] = [:]
        var lastID: UInt64 = 0
        /// The wake pipe (read end first) while the thread runs.
        var wake: [Int32]?

        /// Wakes the thread's `poll` to see the waits again.
        func wakeThread() {
            var byte: UInt8 = 1
            if let wake { _ = write(wake[1], &byte, 1) }
        }
    }

    private let state = Locked(State())
    private let threadName: String
    private let idleExit: TimeInterval

    init(threadName: String, idleExit: TimeInterval) {
        (self.threadName, self.idleExit) = (threadName, idleExit)
    }

    /// Waits until `fd` is ready for `events` (`POLLIN`, `POLLOUT`; an error or a hang-up counts
    /// as ready). A cancelled task throws `CancellationError` at once.
    func wait(_ fd: Int32, for events: Int32) async throws {
        let id = state.withLock { state -> UInt64 in state.lastID += 1; return state.lastID }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let start = state.withLock { state -> Result<Bool, any Error> in
                    // Checked under the lock `onCancel` takes: one of the two sees the cancellation.
                    if Task.isCancelled { return .failure(CancellationError()) }
                    let start = state.wake == nil
                    if start {
                        var fds: [Int32] = [-1, -1]
                        guard pipe(&fds) == 0 else { return .failure(URLError(.resourceUnavailable)) }
                        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK) }
                        state.wake = fds
                    }
                    state.waits[id] = (pollfd(fd: fd, events: Int16(events), revents: 0), continuation)
                    state.wakeThread()
                    return .success(start)
                }
                switch start {
                case .failure(let error): continuation.resume(throwing: error)
                case .success(true):
                    Thread { self.run() }.start()
                case .success(false): break
                }
            }
        } onCancel: {
            // Woken, the thread stops polling the socket, which the task closes next.
            let wait = state.withLock { state in
                defer { state.wakeThread() }
                return state.waits.removeValue(forKey: id)
            }
            wait?.continuation.resume(throwing: CancellationError())
        }
    }

    private func run() {
        // Foundation's `Thread.name` does not name the system's thread (`/proc/self/task/*/comm`).
        try? threadName.write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
        let idle = UInt64(idleExit * 1e9)
        var lastBusy = DispatchTime.now().uptimeNanoseconds
        var drained = [UInt8](repeating: 0, count: 64)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            // The poll set is rebuilt every turn from the waits still registered, so a socket
            // closed after its wait ended is never reported to another wait.
            let turn = state.withLock { state -> (wake: Int32, waits: [(key: UInt64, value: Wait)])? in
                let wake = state.wake ?? []
                guard !state.waits.isEmpty || now - lastBusy < idle else {
                    state.wake = nil
                    for fd in wake { _ = close(fd) }
                    return nil
                }
                return (wake[0], Array(state.waits))
            }
            guard let turn else { return }
            var fds = [pollfd(fd: turn.wake, events: Int16(POLLIN), revents: 0)] + turn.waits.map(\.value.fd)
            _ = poll(&fds, nfds_t(fds.count), turn.waits.isEmpty ? Int32(min((lastBusy + idle - now) / 1_000_000 + 1, 60_000)) : -1)
            while read(turn.wake, &drained, drained.count) > 0 {}
            if !turn.waits.isEmpty { lastBusy = DispatchTime.now().uptimeNanoseconds }
            let ready = zip(turn.waits, fds.dropFirst()).filter { $1.revents != 0 }.map(\.0.key)
            let resumed = state.withLock { state in ready.compactMap { state.waits.removeValue(forKey: $0)?.continuation } }
            for continuation in resumed { continuation.resume() }
        }
    }
}
