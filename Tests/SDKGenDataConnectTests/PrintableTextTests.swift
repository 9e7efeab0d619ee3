import Foundation
import XCTest
@testable import SDKGenDataConnect

/// Server text reaches error messages and warnings with its control characters escaped, so a
/// hostile body cannot end a log line, hide the rest of it or drive a terminal.
final class PrintableTextTests: XCTestCase {
    func testControlCharactersBecomeEscapesAndOtherTextStays() {
        XCTAssertEqual("a\u{0}b\u{1B}[2Jc\nd\r\te\u{7F}\u{85}".escapingControlCharacters, "a\\u{0}b\\u{1B}[2Jc\\nd\\r\\te\\u{7F}\\u{85}")
        XCTAssertEqual("Café \"ß\" 🎬 \\n".escapingControlCharacters, "Café \"ß\" 🎬 \\n")
    }

    func testAnExcerptIsTheFirst200BytesEscaped() {
        XCTAssertEqual(String(excerptOf: Data("{\u{0}".utf8)), "{\\u{0}")
        XCTAssertEqual(String(excerptOf: Data(repeating: UInt8(ascii: "x"), count: 201)), String(repeating: "x", count: 200) + "...")
        XCTAssertEqual(String(excerptOf: Data([0x41, 0xFF])), "A\u{FFFD}", "bytes that are not UTF-8 show as U+FFFD")
    }

    func testAGarbageFrameIsNamedEscaped() {
        XCTAssertThrowsError(try StreamResponse.decode(Data("xx\u{0}\u{1B}]0;pwned\u{7}".utf8))) { error in
            XCTAssertEqual((error as? DataConnectTransportError)?.message,
                           "a stream frame is not a JSON object: xx\\u{0}\\u{1B}]0;pwned\\u{7}")
        }
    }

    func testAServersErrorMessageIsEscaped() {
        let body = Data(#"{"error": {"status": "UNAVAILABLE\n", "message": "down\u001b[2J"}}"#.utf8)
        let error = ServerResponse.httpError(statusCode: 503, body: body)
        XCTAssertEqual(error.message, "HTTP 503 (UNAVAILABLE\\n): down\\u{1B}[2J")
    }

    func testGraphQLErrorsAreEscapedInTheMessageAndKeptInTheResponse() throws {
        let body = Data(#"{"data": null, "errors": [{"message": "bad\u0000row"}]}"#.utf8)
        let response = try ServerResponse.parse(body: body, statusCode: 200)
        XCTAssertThrowsError(try response.decode(JSONValue.self, operationName: "ListMovies")) { error in
            let failure = error as? DataConnectOperationError
            XCTAssertEqual(failure?.message, "ListMovies failed: bad\\u{0}row")
            XCTAssertEqual(failure?.response?.errors.first?.message, "bad\u{0}row")
        }
    }
}
