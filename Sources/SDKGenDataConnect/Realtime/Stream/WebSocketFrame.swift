import Foundation

/// One RFC 6455 frame (§5.2). Extensions are never negotiated, so RSV bits must be 0.
struct WebSocketFrame: Equatable, Sendable {
    enum Opcode: UInt8, Sendable {
        case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA

        var isControl: Bool { rawValue & 0x8 != 0 }
    }

    var fin: Bool
    var opcode: Opcode
    var payload: [UInt8]

    /// The bytes of this frame; clients pass a 4-byte `mask` (§5.3), servers pass `nil`.
    func encoded(mask: [UInt8]?) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode.rawValue]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        switch payload.count {
        case 0..<126:
            bytes.append(maskBit | UInt8(payload.count))
        case 126...0xFFFF:
            bytes.append(maskBit | 126)
            bytes.append(contentsOf: [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)])
        default:
            bytes.append(maskBit | 127)
            let length = UInt64(payload.count)
            bytes.append(contentsOf: (0..<8).map { UInt8(truncatingIfNeeded: length >> UInt64(56 - $0 * 8)) })
        }
        guard let mask else { return bytes + payload }
        return bytes + mask + payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
    }
}

/// Why a WebSocket connection failed or ended.
enum WebSocketFailure: Error, Equatable, Sendable {
    /// The peer broke RFC 6455 (or sent text that is not UTF-8).
    case protocolViolation(String)
    /// A frame or message is larger than the configured bound.
    case messageTooBig(Int)
    /// The HTTP upgrade was refused or malformed.
    case handshakeFailed(String)
    /// The TCP connection could not be made or broke.
    case connectionFailed(String)
    /// This platform cannot open WebSockets for this URL (e.g. a libcurl without WebSocket support).
    case unsupported(String)
    /// The peer closed the connection with a close frame.
    case closedByPeer(code: UInt16?, reason: String)
}

/// Splits a byte stream into frames, bounding every payload by `maxPayload` before
/// buffering it, so a hostile length field cannot make the reader allocate.
struct WebSocketFrameReader {
    let maxPayload: Int
    /// Servers require masked frames (from clients), clients require unmasked ones.
    let expectMasked: Bool
    private var buffer: [UInt8] = []
    private var start = 0

    init(maxPayload: Int, expectMasked: Bool) {
        self.maxPayload = maxPayload
        self.expectMasked = expectMasked
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// The next complete frame, or `nil` when more bytes are needed.
    mutating func next() throws -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start]
        let second = buffer[start + 1]
        guard first & 0x70 == 0 else { throw WebSocketFailure.protocolViolation("reserved bits set without an extension") }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
            throw WebSocketFailure.protocolViolation("unknown opcode \(first & 0x0F)")
        }
        let fin = first & 0x80 != 0
        let masked = second & 0x80 != 0
        guard masked == expectMasked else {
            throw WebSocketFailure.protocolViolation(expectMasked ? "unmasked frame from a client" : "masked frame from the server")
        }
        var headerLength = 2
        var length = UInt64(second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
            headerLength = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            length = (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(buffer[start + 2 + $1]) }
            headerLength = 10
        }
        if opcode.isControl {
            guard fin, length <= 125 else { throw WebSocketFailure.protocolViolation("fragmented or oversized control frame") }
        }
        guard length <= UInt64(maxPayload) else { throw WebSocketFailure.messageTooBig(Int(clamping: length)) }
        let maskLength = masked ? 4 : 0
        let total = headerLength + maskLength + Int(length)
        guard available >= total else { return nil }
        let payloadStart = start + headerLength + maskLength
        var payload = Array(buffer[payloadStart..<(payloadStart + Int(length))])
        if masked {
            let mask = Array(buffer[(start + headerLength)..<(start + headerLength + 4)])
            for index in payload.indices { payload[index] ^= mask[index & 3] }
        }
        start += total
        return WebSocketFrame(fin: fin, opcode: opcode, payload: payload)
    }
}

/// What a complete frame sequence amounts to.
enum WebSocketInbound: Equatable, Sendable {
    case text(String)
    case binary([UInt8])
    case ping([UInt8])
    case pong
    case close(code: UInt16?, reason: String)
}

/// Joins fragmented data frames into messages (§5.4), bounding the total by `maxMessage`.
struct WebSocketMessageAssembler {
    let maxMessage: Int
    private var fragments: [UInt8] = []
    private var fragmentOpcode: WebSocketFrame.Opcode?

    init(maxMessage: Int) {
        self.maxMessage = maxMessage
    }

    /// The message or control event `frame` completes, or `nil` for a non-final fragment.
    mutating func accept(_ frame: WebSocketFrame) throws -> WebSocketInbound? {
        switch frame.opcode {
        case .ping:
            return .ping(frame.payload)
        case .pong:
            return .pong
        case .close:
            return try WebSocketMessageAssembler.close(frame.payload)
        case .text, .binary:
            guard fragmentOpcode == nil else { throw WebSocketFailure.protocolViolation("a new message inside a fragmented one") }
            if frame.fin { return try WebSocketMessageAssembler.message(frame.opcode, frame.payload) }
            fragmentOpcode = frame.opcode
            fragments = frame.payload
            return nil
        case .continuation:
            guard let opcode = fragmentOpcode else { throw WebSocketFailure.protocolViolation("a continuation frame without a message") }
            guard fragments.count + frame.payload.count <= maxMessage else {
                throw WebSocketFailure.messageTooBig(fragments.count + frame.payload.count)
            }
            fragments.append(contentsOf: frame.payload)
            guard frame.fin else { return nil }
            let payload = fragments
            fragments = []
            fragmentOpcode = nil
            return try WebSocketMessageAssembler.message(opcode, payload)
        }
    }

    private static func message(_ opcode: WebSocketFrame.Opcode, _ payload: [UInt8]) throws -> WebSocketInbound {
        guard opcode == .text else { return .binary(payload) }
        guard let text = String(bytes: payload, encoding: .utf8) else { throw WebSocketFailure.protocolViolation("a text message that is not UTF-8") }
        return .text(text)
    }

    private static func close(_ payload: [UInt8]) throws -> WebSocketInbound {
        guard payload.count >= 2 else {
            guard payload.isEmpty else { throw WebSocketFailure.protocolViolation("a close frame with a 1-byte payload") }
            return .close(code: nil, reason: "")
        }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        return .close(code: code, reason: String(decoding: payload[2...], as: UTF8.self))
    }
}
