import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// TCP helpers over the C socket API, for the `ws://` client and the `http://` one.
enum SocketIO {
    /// Why a connect failed, in words (`cannot connect to host:port (errno 110)`).
    struct ConnectFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// A connected non-blocking socket to `host:port`, trying each address in turn; an address
    /// that does not complete the TCP handshake within `timeout` seconds fails with `ETIMEDOUT`.
    static func connect(host: String, port: Int, timeout: TimeInterval? = nil, poller: SocketPoller) async throws -> Int32 {
        var lastErrno: Int32 = 0
        for address in try addresses(host: host, port: port) {
            let fd = startConnect(address)
            guard fd >= 0 else { lastErrno = errno; continue }
            do {
                try await poller.wait([(fd, POLLOUT)], timeout: timeout)
                lastErrno = connectError(fd)
            } catch is SocketPoller.TimedOut {
                lastErrno = ETIMEDOUT
            } catch {
                _ = posixClose(fd)
                throw error
            }
            if lastErrno == 0 { return fd }
            _ = posixClose(fd)
        }
        throw ConnectFailure(description: "cannot connect to \(host):\(port) (errno \(lastErrno))")
    }

    /// A resolved address: what `socket` and `connect` take.
    struct Address {
        let family, type, proto: Int32
        let bytes: [UInt8]
    }

    static func addresses(host: String, port: Int) throws -> [Address] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw ConnectFailure(description: "cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        return sequence(first: first) { $0.pointee.ai_next }.map { entry in
            let info = entry.pointee
            return Address(family: info.ai_family, type: info.ai_socktype, proto: info.ai_protocol,
                           bytes: Array(UnsafeRawBufferPointer(start: info.ai_addr, count: Int(info.ai_addrlen))))
        }
    }

    /// A non-blocking socket whose connect to `address` started (it is done once the socket is
    /// writable: see `connectError`); -1 with `errno` set when it failed at once.
    static func startConnect(_ address: Address) -> Int32 {
        let fd = socket(address.family, address.type, address.proto)
        guard fd >= 0 else { return -1 }
        configure(fd)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK)
        let connected = address.bytes.withUnsafeBytes {
            posixConnect(fd, $0.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count))
        }
        if connected == 0 || errno == EINPROGRESS { return fd }
        let failure = errno
        _ = posixClose(fd)
        errno = failure
        return -1
    }

    /// How a started connect ended: 0 when connected, else its `errno`.
    static func connectError(_ fd: Int32) -> Int32 {
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size) == 0 ? error : errno
    }

    private static func configure(_ fd: Int32) {
        var on: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// `send` flags that keep a closed peer from raising `SIGPIPE` (Darwin sets `SO_NOSIGPIPE` instead).
    #if canImport(Darwin)
    static let noSignal: Int32 = 0
    #else
    static let noSignal = Int32(MSG_NOSIGNAL)
    #endif

    /// Sends what the socket takes now without waiting: the count sent, 0 when it would
    /// block, -1 when the connection failed.
    static func sendAvailable(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int {
        while true {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, noSignal | Int32(MSG_DONTWAIT)) }
            if sent >= 0 { return sent }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1
        }
    }

    /// Reads what the socket holds now into `buffer` without waiting: the count read, 0 when the
    /// peer closed, -1 when the connection failed, `nil` when nothing has arrived yet.
    static func receiveAvailable(_ fd: Int32, into buffer: inout [UInt8]) -> Int? {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count >= 0 { return count }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? nil : -1
        }
    }

    /// Writes every byte, waiting for the socket to take them; `false` when the connection failed.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8], poller: SocketPoller) async throws -> Bool {
        var unsent = bytes[...]
        while !unsent.isEmpty {
            let sent = sendAvailable(fd, unsent)
            guard sent >= 0 else { return false }
            unsent = unsent.dropFirst(sent)
            if sent == 0 { try await poller.wait([(fd, POLLOUT)]) }
        }
        return true
    }

    /// The request target (`/path?query`) and `Host` header value of `url`, for an HTTP/1.1 request head.
    static func target(of url: URL) -> (path: String, host: String) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var path = components?.percentEncodedPath ?? "/"
        if path.isEmpty { path = "/" }
        if let query = components?.percentEncodedQuery { path += "?" + query }
        var host = url.host ?? ""
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        if let port = url.port { host += ":\(port)" }
        return (path, host)
    }

    static func close(_ fd: Int32) -> Int32 {
        posixClose(fd)
    }
}

// File-scope wrappers: inside `SocketIO` the names `connect`/`close` mean its own members.
private func posixConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}

private func posixClose(_ fd: Int32) -> Int32 {
    close(fd)
}
