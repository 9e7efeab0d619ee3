// A tiny HTTP/1.1 server on 127.0.0.1 that stands in for the Data Connect REST endpoint. Blocking
// POSIX sockets on one background thread keep it free of packages; each connection carries one
// request. sdkgen's compile test also builds this file into its `WireChecks` program, so it must stay
// self-contained: Foundation and the C library only.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A request as the stub server received it; header names are lower-cased.
struct RecordedRequest: Sendable {
    var method: String
    var target: String
    var headers: [String: String]
    var body: Data
}

/// Answers each connection with status 200 and the JSON body `respond` returns for its request;
/// after `limit` connections, when one is given, it stops accepting.
final class LoopbackServer: @unchecked Sendable {
    // @unchecked: the `let`s are set once in init; `recorded` and `failures` are guarded by `lock`.
    typealias Responder = @Sendable (_ request: RecordedRequest, _ index: Int) -> String

    let port: Int
    private let listener: Int32
    private let limit: Int?
    private let respond: Responder
    private let lock = NSLock()
    private var recorded: [RecordedRequest] = []
    private var failures: [String] = []

    /// Answers one connection per canned response body, in order, then stops accepting.
    convenience init(responses: [String]) throws {
        try self.init(limit: responses.count) { _, index in responses[index] }
    }

    init(limit: Int? = nil, respond: @escaping Responder) throws {
        self.limit = limit
        self.respond = respond
        // A client that hangs up early must not kill the program with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard listener >= 0 else { throw LoopbackServerError("socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound, listen(listener, 8) == 0 else {
            close(listener)
            throw LoopbackServerError("bind/listen on 127.0.0.1 failed: errno \(errno)")
        }
        self.listener = listener
        self.port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in serve() }.start()
    }

    /// The requests received so far, in order.
    var requests: [RecordedRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Problems the server met (malformed requests, socket errors).
    var problems: [String] {
        lock.lock()
        defer { lock.unlock() }
        return failures
    }

    private func serve() {
        defer { close(listener) }
        var index = 0
        while index < limit ?? Int.max {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return note("accept() failed: errno \(errno)") }
            defer { close(client) }
            guard let request = readRequest(client) else { return note("malformed or truncated request") }
            lock.lock()
            recorded.append(request)
            lock.unlock()
            let body = Array(respond(request, index).utf8)
            index += 1
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            writeAll(client, Array(head.utf8) + body)
        }
    }

    private func note(_ problem: String) {
        lock.lock()
        failures.append(problem)
        lock.unlock()
    }

    /// Reads the head up to the blank line, then `Content-Length` bytes of body.
    private func readRequest(_ client: Int32) -> RecordedRequest? {
        let separator = Array("\r\n\r\n".utf8)
        var buffer: [UInt8] = []
        var headEnd: Int?
        while headEnd == nil {
            guard let chunk = readChunk(client) else { return nil }
            buffer += chunk
            headEnd = firstIndex(of: separator, in: buffer)
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: buffer[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ").map(String.init) ?? []
        guard requestLine.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard let length = headers["content-length"].flatMap({ Int($0) }) else { return nil }
        if headers["expect"]?.lowercased() == "100-continue" {
            writeAll(client, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        var body = Array(buffer[(headEnd + separator.count)...])
        while body.count < length {
            guard let chunk = readChunk(client) else { return nil }
            body += chunk
        }
        return RecordedRequest(method: requestLine[0], target: requestLine[1], headers: headers, body: Data(body))
    }

    private func readChunk(_ client: Int32) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(client, $0.baseAddress, $0.count) }
        return count > 0 ? Array(chunk.prefix(count)) : nil
    }

    private func writeAll(_ client: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            guard count > 0 else { return note("write() failed: errno \(errno)") }
            sent += count
        }
    }

    private func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }
}

struct LoopbackServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
