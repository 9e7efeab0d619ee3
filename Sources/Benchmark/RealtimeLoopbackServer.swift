import Foundation
@_spi(RealtimeBenchmark) import SDKGenDataConnect
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The smallest `ConnectorStreamService/Connect` server the realtime benchmark needs, on
/// 127.0.0.1: the WebSocket upgrade, masked client text frames in, results out in
/// production framing (binary frames of bare JSON) or the emulator's (text frames of
/// `{"result": ...}`). It answers `subscribe` with `answer(variables)` and remembers each
/// subscription's request id by its variables' `id`.
///
/// The compile test also builds this file into its `WireChecks` program, so it must stay
/// self-contained: Foundation, the C library and the `RealtimeBenchmark` SPI only.
final class RealtimeLoopbackServer: @unchecked Sendable {
    // @unchecked: `socketFD`/`port` are set once in init; the rest is guarded by `lock`.
    let port: Int
    private let socketFD: Int32
    private let emulatorFraming: Bool
    private let lock = NSLock()
    private var client: Int32 = -1
    private var requestIDs: [String: String] = [:]
    private let answer: @Sendable (_ id: String) -> String

    struct ListenError: Error, CustomStringConvertible {
        var description: String { "cannot listen on 127.0.0.1" }
    }

    init(emulatorFraming: Bool = false, answer: @escaping @Sendable (_ id: String) -> String) throws {
        self.emulatorFraming = emulatorFraming
        self.answer = answer
        (socketFD, port) = try Self.listeningSocket()
        Thread { [self] in
            while true {
                let connection = accept(socketFD, nil, nil)
                guard connection >= 0 else { return }
                Thread { [self] in serve(connection) }.start()
            }
        }.start()
    }

    /// A socket listening on 127.0.0.1 at a port the system picks, and that port.
    static func listeningSocket() throws -> (Int32, Int) {
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
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard fd >= 0, bound == 0, named == 0, listen(fd, 4) == 0 else { throw ListenError() }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    var subscriptionCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return requestIDs.count
    }

    /// Pushes `body` (`{"data":...,"extensions":...}` without the closing brace's request id) to the subscription of `id`.
    func push(id: String, body: String) {
        lock.lock()
        defer { lock.unlock() }
        guard client >= 0, let requestID = requestIDs[id] else { return }
        sendResult(client, requestID: requestID, body: body)
    }

    private func serve(_ fd: Int32) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var upgraded = false
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            received.append(contentsOf: buffer[0..<count])
            if !upgraded {
                guard let end = WebSocketHandshake.headEnd(in: received) else { continue }
                let head = String(decoding: received[..<end], as: UTF8.self)
                let key = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
                    .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
                let response = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(forKey: key))\r\n\r\n"
                lock.lock()
                client = fd
                _ = Array(response.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
                lock.unlock()
                received.removeFirst(end + 4)
                upgraded = true
            }
            while let (opcode, payload, used) = Self.frame(in: received) {
                received.removeFirst(used)
                if opcode == 0x1 { handle(payload, on: fd) }
                if opcode == 0x9 {
                    lock.lock()
                    sendFrame(fd, opcode: 0xA, payload: payload)
                    lock.unlock()
                }
            }
        }
    }

    private func handle(_ payload: [UInt8], on fd: Int32) {
        guard let request = try? JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any],
              let requestID = request["requestId"] as? String,
              let subscribe = request["subscribe"] as? [String: Any],
              let id = (subscribe["variables"] as? [String: Any])?["id"] as? String else { return }
        lock.lock()
        defer { lock.unlock() }
        requestIDs[id] = requestID
        sendResult(fd, requestID: requestID, body: answer(id))
    }

    /// Sends `body` with `requestID` added, in this server's framing; the caller holds `lock`.
    private func sendResult(_ fd: Int32, requestID: String, body: String) {
        let result = "{\"requestId\":\"\(requestID)\",\(body.dropFirst())"
        if emulatorFraming {
            sendFrame(fd, opcode: 0x1, payload: Array("{\"result\":\(result)}".utf8))
        } else {
            sendFrame(fd, opcode: 0x2, payload: Array(result.utf8))
        }
    }

    /// A masked client frame at the start of `bytes`: opcode, unmasked payload, bytes used.
    private static func frame(in bytes: [UInt8]) -> (UInt8, [UInt8], Int)? {
        guard bytes.count >= 2 else { return nil }
        var length = Int(bytes[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard bytes.count >= 4 else { return nil }
            length = Int(bytes[2]) << 8 | Int(bytes[3])
            offset = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return nil }
            length = (2..<10).reduce(0) { $0 << 8 | Int(bytes[$1]) }
            offset = 10
        }
        guard bytes.count >= offset + 4 + length else { return nil }
        let mask = Array(bytes[offset..<(offset + 4)])
        let payload = (0..<length).map { bytes[offset + 4 + $0] ^ mask[$0 & 3] }
        return (bytes[0] & 0x0F, payload, offset + 4 + length)
    }

    /// Sends one unmasked frame; the caller holds `lock`.
    private func sendFrame(_ fd: Int32, opcode: UInt8, payload: [UInt8]) {
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(127)
            frame += (0..<8).map { UInt8(truncatingIfNeeded: payload.count >> (56 - $0 * 8)) }
        }
        frame += payload
        var sent = 0
        while sent < frame.count {
            let count = frame.withUnsafeBytes { send(fd, $0.baseAddress! + sent, frame.count - sent, 0) }
            guard count > 0 else { return }
            sent += count
        }
    }
}
