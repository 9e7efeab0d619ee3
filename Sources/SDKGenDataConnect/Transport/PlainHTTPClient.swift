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
            guard let count = SocketIO.receiveAvailable(socket, into: &buffer) else {
                try await poller.wait([(socket, POLLIN)])
                continue
            }
            if count == 0 { break }
            guard count > 0 else { throw URLError(.networkConnectionLost) }
            response.append(buffer[0..<count])
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
