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
        let socket: Int32
        do {
            socket = try await SocketIO.connect(host: host, port: url.port ?? 80, poller: poller)
        } catch let failure as SocketIO.ConnectFailure {
            throw URLError(.cannotConnectToHost, userInfo: [NSLocalizedDescriptionKey: failure.description])
        }
        defer { _ = SocketIO.close(socket) }
        guard try await SocketIO.sendAll(socket, head(of: request, url: url) + Array(request.httpBody ?? Data()), poller: poller) else {
            throw URLError(.networkConnectionLost)
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
                try await poller.wait([(socket, POLLIN)])
            } else if errno != EINTR {
                throw URLError(.networkConnectionLost)
            }
        }
        guard let answer = try response.answer() else { throw URLError(.networkConnectionLost) }
        return answer
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

/// The I/O thread of the `http://` and `ws://` clients: it polls the sockets of every request
/// and connection and resumes a task when its socket is ready (not a thread per socket, which
/// churned threads and malloc arenas). It starts with a wait and ends, with its wake pipe,
/// `idleExit` seconds after the last.
final class SocketPoller: Sendable {
    /// The poller of every `http://` request and `ws://` connection.
    static let shared = SocketPoller(threadName: "SDKGenDC.IO", idleExit: 2)

    /// A wait's `timeout` passed before any of its sockets was ready.
    struct TimedOut: Error {}

    private struct Wait {
        let fds: [pollfd]
        /// `DispatchTime` nanoseconds.
        let deadline: UInt64?
        let continuation: CheckedContinuation<Void, any Error>
    }

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

    /// Waits until one of `sockets` is ready for its events (`POLLIN`, `POLLOUT`; an error or a
    /// hang-up counts as ready), or throws `TimedOut` after `timeout` seconds. A cancelled task
    /// throws `CancellationError` at once.
    func wait(_ sockets: [(fd: Int32, events: Int32)], timeout: TimeInterval? = nil) async throws {
        let id = state.withLock { state -> UInt64 in state.lastID += 1; return state.lastID }
        let fds = sockets.map { pollfd(fd: $0.fd, events: Int16($0.events), revents: 0) }
        let deadline = timeout.map { DispatchTime.now().uptimeNanoseconds + UInt64(max(0, min($0, 86_400)) * 1e9) }
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
                    state.waits[id] = Wait(fds: fds, deadline: deadline, continuation: continuation)
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
            var fds = [pollfd(fd: turn.wake, events: Int16(POLLIN), revents: 0)] + turn.waits.flatMap(\.value.fds)
            let nearest = turn.waits.compactMap(\.value.deadline).min() ?? (turn.waits.isEmpty ? lastBusy + idle : nil)
            _ = poll(&fds, nfds_t(fds.count), nearest.map { Int32(min(($0 - min($0, now)) / 1_000_000 + 1, 60_000)) } ?? -1)
            while read(turn.wake, &drained, drained.count) > 0 {}
            let polled = DispatchTime.now().uptimeNanoseconds
            if !turn.waits.isEmpty { lastBusy = polled }
            var next = fds.dropFirst()[...]
            var ended: [(UInt64, timedOut: Bool)] = []
            for (key, wait) in turn.waits {
                let ready = next.prefix(wait.fds.count).contains { $0.revents != 0 }
                next = next.dropFirst(wait.fds.count)
                if ready || wait.deadline.map({ $0 <= polled }) == true { ended.append((key, !ready)) }
            }
            let resumed = state.withLock { state in
                ended.compactMap { key, timedOut in state.waits.removeValue(forKey: key).map { ($0.continuation, timedOut) } }
            }
            for (continuation, timedOut) in resumed {
                if timedOut { continuation.resume(throwing: TimedOut()) } else { continuation.resume() }
            }
        }
    }
}
