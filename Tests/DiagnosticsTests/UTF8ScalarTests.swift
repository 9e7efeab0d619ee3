import Diagnostics
import XCTest

/// The UTF-8 decoding the GraphQL lexer and the YAML reader share.
final class UTF8ScalarTests: XCTestCase {
    func testWellFormedSequencesDecodeWithTheirLength() {
        let text = Array("aé€😀".utf8)
        XCTAssertEqual(UTF8Scalar.decode(text, at: 0).map { [$0.value, UInt32($0.length)] }, [0x61, 1])
        XCTAssertEqual(UTF8Scalar.decode(text, at: 1).map { [$0.value, UInt32($0.length)] }, [0xE9, 2])
        XCTAssertEqual(UTF8Scalar.decode(text, at: 3).map { [$0.value, UInt32($0.length)] }, [0x20AC, 3])
        XCTAssertEqual(UTF8Scalar.decode(text, at: 6).map { [$0.value, UInt32($0.length)] }, [0x1F600, 4])
        XCTAssertNil(UTF8Scalar.decode(text, at: 10), "past the end")
    }

    func testMalformedSequencesAreRejected() {
        let malformed: [[UInt8]] = [
            [0x80], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF], // stray continuation, overlong
            [0xED, 0xA0, 0x80], // an encoded surrogate
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], // beyond U+10FFFF
            [0xE2, 0x82], [0xC3, 0x41], // truncated, or a non-continuation byte
        ]
        for bytes in malformed { XCTAssertNil(UTF8Scalar.decode(bytes, at: 0), "\(bytes)") }
    }

    func testHexIsUpperCaseAndPadded() {
        XCTAssertEqual(UTF8Scalar.hex(0x7, digits: 2), "07")
        XCTAssertEqual(UTF8Scalar.hex(0xfffd, digits: 4), "FFFD")
        XCTAssertEqual(UTF8Scalar.hex(0x1F600, digits: 4), "1F600")
    }
}
