import Foundation
import XCTest
@_spi(RealtimeBenchmark) @testable import SDKGenDataConnect

/// The pieces of the realtime stream without sockets: SHA-1 and the handshake, RFC 6455
/// framing with its bounds, the `StreamRequest`/`StreamResponse` JSON, and the timing policy.
final class StreamProtocolTests: XCTestCase {
    // MARK: Handshake

    func testSHA1MatchesFIPSVectors() {
        func hex(_ text: String) -> String { SHA1.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        XCTAssertEqual(hex(""), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        XCTAssertEqual(hex("abc"), "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"), "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        XCTAssertEqual(hex(String(repeating: "a", count: 1000)), "291e9a6c66994949b57ba5e650361e98fc36b1ba")
    }

    func testTheAcceptValueIsTheRFCExample() {
        XCTAssertEqual(WebSocketHandshake.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    func testAHandshakeResponseMustUpgradeWithTheRightAccept() {
        let key = "dGhlIHNhbXBsZSBub25jZQ=="
        let good = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
        XCTAssertNoThrow(try WebSocketHandshake.checkResponse(good, key: key))
        for bad in [
            "HTTP/1.1 404 Not Found\r\nContent-Length: 0",
            good.replacingOccurrences(of: "xOo=", with: "xOp="),
            good.replacingOccurrences(of: "Upgrade: websocket", with: "Upgrade: h2c"),
        ] {
            XCTAssertThrowsError(try WebSocketHandshake.checkResponse(bad, key: key)) { error in
                guard case .handshakeFailed? = error as? WebSocketFailure else { return XCTFail("\(error)") }
            }
        }
    }

    // MARK: Frames

    func testFramesRoundTripAtEveryLengthEncoding() throws {
        for length in [0, 125, 126, 65_535, 65_536] {
            let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
            let frame = WebSocketFrame(fin: true, opcode: .binary, payload: payload)
            var server = WebSocketFrameReader(maxPayload: 1 << 20, expectMasked: true)
            let masked = frame.encoded(mask: [1, 2, 3, 4])
            // Byte by byte for a small frame: the reader must wait for whole frames.
            if length <= 126 {
                for byte in masked.dropLast() {
                    server.append([byte])
                    XCTAssertNil(try server.next())
                }
                server.append([masked.last!])
            } else {
                server.append(masked)
            }
            XCTAssertEqual(try server.next(), frame, "length \(length)")
            var client = WebSocketFrameReader(maxPayload: 1 << 20, expectMasked: false)
            client.append(frame.encoded(mask: nil))
            XCTAssertEqual(try client.next(), frame)
        }
    }

    func testAnOversizedLengthFailsBeforeAnyPayloadIsBuffered() {
        var reader = WebSocketFrameReader(maxPayload: 1024, expectMasked: false)
        reader.append([0x82, 127, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        XCTAssertThrowsError(try reader.next()) { error in
            guard case .messageTooBig? = error as? WebSocketFailure else { return XCTFail("\(error)") }
        }
        var justOver = WebSocketFrameReader(maxPayload: 1024, expectMasked: false)
        justOver.append([0x82, 126, 0x04, 0x01])
        XCTAssertThrowsError(try justOver.next())
    }

    func testProtocolViolationsAreTypedErrors() {
        let cases: [([UInt8], Bool, String)] = [
            ([0x81, 0x80, 0, 0, 0, 0], false, "a masked frame from the server"),
            ([0x81, 0x00], true, "an unmasked frame from a client"),
            ([0xC1, 0x00], false, "a reserved bit"),
            ([0x83, 0x00], false, "an unknown opcode"),
            ([0x09, 0x00], false, "a fragmented ping"),
            ([0x89, 126, 0, 126], false, "a control frame over 125 bytes"),
        ]
        for (bytes, expectMasked, name) in cases {
            var reader = WebSocketFrameReader(maxPayload: 1024, expectMasked: expectMasked)
            reader.append(bytes)
            XCTAssertThrowsError(try reader.next(), name) { error in
                guard case .protocolViolation? = error as? WebSocketFailure else { return XCTFail("\(name): \(error)") }
            }
        }
    }

    func testFragmentsAreJoinedAndControlFramesMayInterleave() throws {
        var assembler = WebSocketMessageAssembler(maxMessage: 1024)
        XCTAssertNil(try assembler.accept(WebSocketFrame(fin: false, opcode: .text, payload: Array("{\"a\":".utf8))))
        XCTAssertEqual(try assembler.accept(WebSocketFrame(fin: true, opcode: .ping, payload: [7])), .ping([7]))
        XCTAssertNil(try assembler.accept(WebSocketFrame(fin: false, opcode: .continuation, payload: Array("1".utf8))))
        XCTAssertEqual(try assembler.accept(WebSocketFrame(fin: true, opcode: .continuation, payload: Array("}".utf8))), .text("{\"a\":1}"))
        XCTAssertEqual(try assembler.accept(WebSocketFrame(fin: true, opcode: .close, payload: [0x03, 0xE9, 0x62, 0x79, 0x65])),
                       .close(code: 1001, reason: "bye"))
    }

    func testBadMessagesAreTypedErrors() {
        var assembler = WebSocketMessageAssembler(maxMessage: 8)
        XCTAssertThrowsError(try assembler.accept(WebSocketFrame(fin: true, opcode: .continuation, payload: [])))
        XCTAssertThrowsError(try assembler.accept(WebSocketFrame(fin: true, opcode: .text, payload: [0xFF, 0xFE])))
        XCTAssertThrowsError(try assembler.accept(WebSocketFrame(fin: true, opcode: .close, payload: [0x03])))
        XCTAssertNil(try? assembler.accept(WebSocketFrame(fin: false, opcode: .binary, payload: [1, 2, 3, 4, 5])))
        XCTAssertThrowsError(try assembler.accept(WebSocketFrame(fin: true, opcode: .continuation, payload: [6, 7, 8, 9]))) { error in
            XCTAssertEqual(error as? WebSocketFailure, .messageTooBig(9))
        }
    }

    func testRandomBytesOnlyEverGiveTypedErrors() {
        // A fixed xorshift sequence: the same inputs on every run.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            seed ^= seed << 13
            seed ^= seed >> 7
            seed ^= seed << 17
            return seed
        }
        var frames = 0
        for round in 0..<2000 {
            var reader = WebSocketFrameReader(maxPayload: 4096, expectMasked: round % 2 == 0)
            var assembler = WebSocketMessageAssembler(maxMessage: 4096)
            let bytes = (0..<Int(next() % 300)).map { _ in UInt8(truncatingIfNeeded: next()) }
            reader.append(bytes)
            do {
                while let frame = try reader.next() {
                    frames += 1
                    if case .text(let text)? = try assembler.accept(frame) { _ = try? StreamResponse.decode(Data(text.utf8)) }
                }
            } catch {
                XCTAssertTrue(error is WebSocketFailure, "\(error)")
            }
            do {
                _ = try StreamResponse.decode(Data(bytes))
            } catch {
                XCTAssertTrue(error is DataConnectTransportError, "\(error)")
            }
        }
        XCTAssertGreaterThan(frames, 0, "some random inputs form frames")
    }

    // MARK: Messages

    func testRequestsUseTheProto3JSONNames() throws {
        let initial = try JSONValue.parse(Data(StreamRequest.initial(
            name: "projects/p/locations/l/services/s/connectors/c",
            headers: [("X-Firebase-Auth-Token", "t\"1"), ("X-Client-Version", "swift/0.1.0")]).utf8))
        XCTAssertEqual(initial, .object([
            "name": .string("projects/p/locations/l/services/s/connectors/c"),
            "headers": .object(["X-Firebase-Auth-Token": .string("t\"1"), "X-Client-Version": .string("swift/0.1.0")]),
        ]))
        XCTAssertEqual(try JSONValue.parse(Data(StreamRequest.subscribe(requestID: "3", operationName: "GetMovie", variables: Data("{\"id\":\"x\"}".utf8)).utf8)),
                       .object(["requestId": .string("3"), "subscribe": .object(["operationName": .string("GetMovie"), "variables": .object(["id": .string("x")])])]))
        XCTAssertEqual(try JSONValue.parse(Data(StreamRequest.cancel(requestID: "3").utf8)), .object(["requestId": .string("3"), "cancel": .object([:])]))
        XCTAssertEqual(try JSONValue.parse(Data(StreamRequest.resume(requestID: "3").utf8)), .object(["requestId": .string("3"), "resume": .object([:])]))
        XCTAssertEqual(try JSONValue.parse(Data(StreamRequest.authRefresh(requestID: "auth-1", token: "jwt").utf8)),
                       .object(["requestId": .string("auth-1"), "headers": .object(["X-Firebase-Auth-Token": .string("jwt")])]))
    }

    func testResponsesDecodeInBothFramings() throws {
        let bare = "{\"requestId\":\"1\",\"data\":{\"n\":1},\"errors\":[],\"extensions\":{\"dataConnect\":[]}}"
        for text in [bare, "{\"result\":\(bare)}"] {
            guard case .result(let id, let response, let cancelled) = try StreamResponse.decode(Data(text.utf8)) else { return XCTFail(text) }
            XCTAssertEqual(id, "1")
            XCTAssertEqual(response.data, .object(["n": .int(1)]))
            XCTAssertNotNil(response.extensions)
            XCTAssertNil(cancelled)
        }
        guard case .result(_, _, .other?) = try StreamResponse.decode(Data("{\"requestId\":\"2\",\"cancelled\":true}".utf8)) else {
            return XCTFail("cancelled")
        }
        for authError in ["{\"message\":\"PERMISSION_DENIED: no access\"}", "{\"message\":\"no\",\"extensions\":{\"code\":\"UNAUTHENTICATED\"}}"] {
            let text = "{\"requestId\":\"2\",\"cancelled\":true,\"errors\":[\(authError)]}"
            guard case .result(_, _, .byAuth?) = try StreamResponse.decode(Data(text.utf8)) else { return XCTFail(text) }
        }
        guard case .result(_, let failed, _) = try StreamResponse.decode(Data("{\"requestId\":\"2\",\"errors\":[{\"message\":\"no\"}]}".utf8)) else {
            return XCTFail("errors")
        }
        XCTAssertEqual(failed.errors.map(\.message), ["no"])
    }

    func testErrorEnvelopesAndGarbageAreTypedErrors() throws {
        guard case .streamError(let error) = try StreamResponse.decode(Data(
            "{\"error\":{\"code\":16,\"message\":\"expired\",\"status\":\"UNAUTHENTICATED\"}}".utf8)) else { return XCTFail() }
        XCTAssertEqual(error.code, .unauthenticated)
        XCTAssertTrue(error.message?.contains("expired") == true)
        guard case .streamError(let other) = try StreamResponse.decode(Data("{\"error\":{\"code\":13,\"message\":\"boom\"}}".utf8)) else { return XCTFail() }
        XCTAssertEqual(other.code, .networkFailure)
        for garbage in ["", "nope", "[]", "42", "{\"data\":{}}", "{\"requestId\":7}", "{\"result\":{\"requestId\":\"\"}}"] {
            XCTAssertThrowsError(try StreamResponse.decode(Data(garbage.utf8)), garbage) { error in
                XCTAssertEqual((error as? DataConnectTransportError)?.code, .invalidResponse, garbage)
            }
        }
    }

    // MARK: Policy

    func testBackoffGrowsByHalfUpToAMinuteWithJitter() {
        let policy = StreamPolicy()
        XCTAssertEqual((0..<4).map { policy.reconnectDelay(attempt: $0, random: 0.5) }, [1, 1.5, 2.25, 3.375])
        XCTAssertEqual(policy.reconnectDelay(attempt: 50, random: 0.5), 60)
        XCTAssertEqual(policy.reconnectDelay(attempt: 10_000, random: 0.5), 60)
        XCTAssertEqual(policy.reconnectDelay(attempt: 0, random: 0), 0.5)
        XCTAssertEqual(policy.reconnectDelay(attempt: 50, random: 0.999_999), 90, accuracy: 0.001)
    }

    func testTheTokenIsRefreshedFiveMinutesBeforeItsExpiry() {
        let policy = StreamPolicy()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        XCTAssertEqual(policy.tokenRefreshDelay(token: StreamTokens.idToken(uid: "a", expiry: now.addingTimeInterval(3600)), now: now), 3300)
        XCTAssertEqual(policy.tokenRefreshDelay(token: StreamTokens.idToken(uid: "a", expiry: now.addingTimeInterval(60)), now: now), 30)
        XCTAssertNil(policy.tokenRefreshDelay(token: "opaque", now: now))
        XCTAssertNil(policy.tokenRefreshDelay(token: nil, now: now))
    }
}
