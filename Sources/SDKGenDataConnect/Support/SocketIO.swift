import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Blocking TCP helpers over the C socket API, for the `ws://` client and the `http://` one.
enum SocketIO {
    /// Sends time out after this long, so a peer that stops reading fails the connection.
    static let sendTimeoutSeconds = 10

    /// Why a connect failed, in words (`cannot connect to host:port (errno 110)`).
    struct ConnectFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// A connected socket to `host:port`; a host that does not complete the TCP handshake fails
    /// after `timeout` seconds (`ETIMEDOUT`), not the system's minutes.
    static func connect(host: String, port: Int, timeout: TimeInterval) throws -> Int32 {
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
        var lastErrno: Int32 = 0
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard fd >= 0 else { lastErrno = errno; continue }
            configure(fd)
            if connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen, within: Int32(min(timeout, 86_400) * 1000)) { return fd }
            lastErrno = errno
            _ = posixClose(fd)
        }
        throw ConnectFailure(description: "cannot connect to \(host):\(port) (errno \(lastErrno))")
    }

    private static func configure(_ fd: Int32) {
        var timeout = timeval(tv_sec: sendTimeoutSeconds, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var on: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Connects `fd` (left blocking afterwards) or fails with `errno` set, `ETIMEDOUT` after `milliseconds`.
    private static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t, within milliseconds: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        if posixConnect(fd, address, length) == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        var ready = poll(&entry, 1, milliseconds)
        while ready < 0, errno == EINTR { ready = poll(&entry, 1, milliseconds) }
        guard ready == 1 else {
            errno = ETIMEDOUT
            return false
        }
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size) == 0, error == 0 else {
            errno = error
            return false
        }
        return true
    }

    /// `send` flags that keep a closed peer from raising `SIGPIPE` (Darwin sets `SO_NOSIGPIPE` instead).
    #if canImport(Darwin)
    static let noSignal: Int32 = 0
    #else
    static let noSignal = Int32(MSG_NOSIGNAL)
    #endif

    /// Sends what the socket takes now without waiting: the count sent, 0 when it would
    /// block, -1 when the connection failed.
    static func sendAvailable(_ fd: Int32, _ bytes: [UInt8]) -> Int {
        while true {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, noSignal | Int32(MSG_DONTWAIT)) }
            if sent >= 0 { return sent }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1
        }
    }

    /// Writes every byte; `false` when the connection failed.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        let flags = noSignal
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, bytes.count - offset, flags) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
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
