import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
@testable import SDKGenDataConnect

/// The runtime's `http://` client without sockets: the request head it writes and how it
/// finds the end of a response (end-to-end runs are in RESTFaultTests and LoopbackTests).
final class PlainHTTPTests: XCTestCase {
    func testTheRequestHeadClosesTheConnectionAndCarriesTheHeaders() throws {
        let url = try XCTUnwrap(URL(string: "http://[::1]:9399/v1/p:executeQuery?key=k"))
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("keep-alive", forHTTPHeaderField: "Connection")
        let head = String(decoding: PlainHTTPExchange.head(of: request, url: url), as: UTF8.self)
        XCTAssertEqual(head, "POST /v1/p:executeQuery?key=k HTTP/1.1\r\nHost: [::1]:9399\r\nConnection: close\r\n"
            + "Content-Length: 2\r\nContent-Type: application/json\r\n\r\n")
    }

    func testAContentLengthBodyIsCompleteOnlyWithAllItsBytes() throws {
        var reader = HTTPResponseReader()
        let response = Array("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello".utf8)
        for byte in response.dropLast() {
            reader.append([byte])
            XCTAssertFalse(try reader.isComplete())
        }
        XCTAssertNil(try reader.answer(), "a body cut short is no answer")
        reader.append(response.suffix(1))
        XCTAssertTrue(try reader.isComplete())
        let answer = try XCTUnwrap(try reader.answer())
        XCTAssertEqual(answer.0, 200)
        XCTAssertEqual(String(decoding: answer.1, as: UTF8.self), "hello")
    }

    func testAChunkedBodyEndsAtTheLastChunk() throws {
        var reader = HTTPResponseReader()
        let response = Array("HTTP/1.1 503 Unavailable\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6;x=y\r\n world\r\n0\r\n\r\n".utf8)
        var completeAt: Int?
        for (index, byte) in response.enumerated() {
            reader.append([byte])
            if completeAt == nil, try reader.isComplete() { completeAt = index }
        }
        XCTAssertEqual(completeAt, response.count - 3, "complete at the last chunk's size line; trailers are not awaited")
        let answer = try XCTUnwrap(try reader.answer())
        XCTAssertEqual(answer.0, 503)
        XCTAssertEqual(String(decoding: answer.1, as: UTF8.self), "hello world")
    }

    func testABodyWithoutLengthEndsWithTheConnection() throws {
        var reader = HTTPResponseReader()
        reader.append(ArraySlice("HTTP/1.0 200 OK\r\n\r\n{\"data\": {}}".utf8))
        XCTAssertFalse(try reader.isComplete())
        XCTAssertEqual(try reader.answer().map { String(decoding: $0.1, as: UTF8.self) }, "{\"data\": {}}")
    }

    func testMalformedResponsesAreTypedErrors() {
        let hostile = [
            "SSH-2.0-OpenSSH\r\n\r\n", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\nhello", "HTTP/1.1 200 OK\r\nContent-Length: 9223372036854775807\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: five\r\n\r\n", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7fffffffffffffff\r\n",
            "HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: 70_000),
        ]
        for text in hostile {
            var reader = HTTPResponseReader()
            reader.append(ArraySlice(text.utf8))
            XCTAssertThrowsError(try reader.isComplete(), String(text.prefix(80))) { XCTAssertEqual(($0 as? URLError)?.code, .cannotParseResponse) }
        }
        var headless = HTTPResponseReader()
        headless.append(ArraySlice("HTTP/1.1 200 OK\r\n".utf8))
        XCTAssertNil(try headless.answer(), "no answer before the head ends")
    }
}
