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
        // The length fits in 7 bits, or is 126 or 127 followed by a 16- or 64-bit big-endian length.
        let (length, extraBytes) = payload.count < 126 ? (payload.count, 0) : (payload.count <= 0xFFFF ? (126, 2) : (127, 8))
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode.rawValue, (mask == nil ? 0 : 0x80) | UInt8(length)]
        bytes += (0..<extraBytes).reversed().map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64($0 * 8)) }
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

/// Splits a byte stream into frames, each payload bounded by `maxPayload` before buffering (a hostile length allocates nothing).
struct WebSocketFrameReader {
    let maxPayload: Int
    /// Servers require masked frames (from clients), clients require unmasked ones.
    let expectMasked: Bool
    private(set) var buffer: [UInt8] = []
    private(set) var start = 0

    mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, or `nil` when more bytes are needed.
    mutating func next() throws -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let (first, second) = (buffer[start], buffer[start + 1])
        guard first & 0x70 == 0 else { throw WebSocketFailure.protocolViolation("reserved bits set without an extension") }
        guard let opcode = WebSocketFrame.Opcode(rawValue: first & 0x0F) else {
            throw WebSocketFailure.protocolViolation("unknown opcode \(first & 0x0F)")
        }
        let fin = first & 0x80 != 0
        let masked = second & 0x80 != 0
        guard masked == expectMasked else {
            throw WebSocketFailure.protocolViolation(expectMasked ? "unmasked frame from a client" : "masked frame from the server")
        }
        // 126 and 127 announce a 16- or 64-bit big-endian length.
        let extraBytes = [126: 2, 127: 8][second & 0x7F] ?? 0
        let headerLength = 2 + extraBytes
        guard available >= headerLength else { return nil }
        var length = UInt64(second & 0x7F)
        if extraBytes > 0 { length = buffer[(start + 2)..<(start + headerLength)].reduce(0) { $0 << 8 | UInt64($1) } }
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
    private(set) var fragments: [UInt8] = []
    private(set) var fragmentOpcode: WebSocketFrame.Opcode?

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
            defer { (fragments, fragmentOpcode) = ([], nil) }
            return try WebSocketMessageAssembler.message(opcode, fragments)
        }
    }

    private static func message(_ opcode: WebSocketFrame.Opcode, _ payload: [UInt8]) throws -> WebSocketInbound {
        guard opcode == .text else { return .binary(payload) }
        guard let text = String(bytes: payload, encoding: .utf8) else { throw WebSocketFailure.protocolViolation("a text message that is not UTF-8") }
        return .text(text)
    }

    private static func close(_ payload: [UInt8]) throws -> WebSocketInbound {
        guard payload.count != 1 else { throw WebSocketFailure.protocolViolation("a close frame with a 1-byte payload") }
        guard payload.count >= 2 else { return .close(code: nil, reason: "") }
        return .close(code: UInt16(payload[0]) << 8 | UInt16(payload[1]), reason: String(decoding: payload[2...], as: UTF8.self))
    }
}
