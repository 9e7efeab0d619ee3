import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
@testable import SDKGenDataConnect

/// The `http://` client's I/O thread against a loopback server: one thread for all requests in
/// flight, gone when idle, and a cancel that ends one waiting request only.
final class SocketPollerTests: XCTestCase {
    private static let body = "{\"data\": {}}"

    func testFiftyConcurrentRequestsShareOneThreadThatEndsWhenIdle() async throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/self/task"), "counts threads in /proc")
        let name = "poller.share"
        let poller = SocketPoller(threadName: name, idleExit: 0.1)
        let gate = DispatchSemaphore(value: 0)
        let server = try LoopbackServer(count: 51) { _, index in .json(200, SocketPollerTests.body, gate: index < 50 ? gate : nil) }
        let (_, outcomes) = try Self.send(50, to: server.port, poller: poller)
        let arrived = await eventually(timeout: 30) { server.requests.count == 50 }
        XCTAssertTrue(arrived, "\(server.requests.count) of 50 requests reached the server")
        XCTAssertEqual(Self.threads(named: name), 1, "one I/O thread while 50 requests wait")
        for _ in 0..<50 { gate.signal() }
        let answered = await eventually(timeout: 30) { outcomes.withLock { $0.count } == 50 }
        XCTAssertTrue(answered, "\(outcomes.withLock { $0.count }) of 50 requests ended")
        for index in 0..<50 {
            XCTAssertEqual(try outcomes.withLock { $0[index] }?.get(), Self.body, "request \(index)")
        }
        let ended = await eventually(timeout: 30) { Self.threads(named: name) == 0 }
        XCTAssertTrue(ended, "the I/O thread ends once idle")
        // A request after that starts the thread again.
        let (status, _) = try await PlainHTTPExchange.send(try Self.request(port: server.port), poller: poller)
        XCTAssertEqual(status, 200)
        XCTAssertTrue(server.finish())
    }

    func testCancellingOneOfFiftyWaitingRequestsEndsOnlyThatRequest() async throws {
        let poller = SocketPoller(threadName: "poller.cancel", idleExit: 0.1)
        let gate = DispatchSemaphore(value: 0)
        let server = try LoopbackServer(count: 50) { _, _ in .json(200, SocketPollerTests.body, gate: gate) }
        let (tasks, outcomes) = try Self.send(50, to: server.port, poller: poller)
        let arrived = await eventually(timeout: 30) { server.requests.count == 50 }
        XCTAssertTrue(arrived, "\(server.requests.count) of 50 requests reached the server")
        tasks[7].cancel()
        let cancelled = await eventually(timeout: 30) { outcomes.withLock { $0[7] } != nil }
        XCTAssertTrue(cancelled, "the cancelled request ends while the server holds its answer")
        XCTAssertEqual(outcomes.withLock { $0.count }, 1, "only the cancelled request ended")
        XCTAssertThrowsError(try outcomes.withLock { $0[7] }?.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        for _ in 0..<50 { gate.signal() }
        let answered = await eventually(timeout: 30) { outcomes.withLock { $0.count } == 50 }
        XCTAssertTrue(answered, "\(outcomes.withLock { $0.count }) of 50 requests ended")
        for index in 0..<50 where index != 7 {
            XCTAssertEqual(try outcomes.withLock { $0[index] }?.get(), Self.body, "request \(index)")
        }
        XCTAssertTrue(server.finish())
    }

    func testAWaitOnTwoSocketsEndsWhenEitherIsReadyAndAtItsTimeoutWhenNeitherIs() async throws {
        let poller = SocketPoller(threadName: "poller.wait", idleExit: 0.1)
        let (quiet, woken) = (try Self.makePipe(), try Self.makePipe())
        defer { for fd in quiet + woken { _ = SocketIO.close(fd) } }
        var byte: UInt8 = 1
        XCTAssertEqual(write(woken[1], &byte, 1), 1)
        try await poller.wait([(quiet[0], POLLIN), (woken[0], POLLIN)], timeout: 60)
        do {
            try await poller.wait([(quiet[0], POLLIN)], timeout: 0.05)
            XCTFail("a socket that never gets ready ends the wait at its timeout")
        } catch {
            XCTAssertTrue(error is SocketPoller.TimedOut, "\(error)")
        }
    }

    func testARefusedConnectNamesTheSystemsError() async throws {
        // Bind and release a port so nothing listens on it.
        let probe = try LoopbackServer(responses: [])
        let port = probe.port
        probe.finish()
        var request = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/v1/test")))
        request.httpMethod = "POST"
        do {
            _ = try await PlainHTTPExchange.send(request, poller: SocketPoller(threadName: "poller.refused", idleExit: 0.1))
            XCTFail("nothing listens on port \(port)")
        } catch let error as URLError {
            XCTAssertEqual(error.code, .cannotConnectToHost)
            let description = error.userInfo[NSLocalizedDescriptionKey] as? String
            XCTAssertEqual(description, "cannot connect to 127.0.0.1:\(port) (errno \(ECONNREFUSED))")
        }
    }

    private static func makePipe() throws -> [Int32] {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
        return fds
    }

    /// Starts `count` requests; each records its body (or error) under its index when it ends.
    private static func send(
        _ count: Int, to port: Int, poller: SocketPoller
    ) throws -> ([Task<Void, Never>], Locked<[Int: Result<String, any Error>]>) {
        let request = try request(port: port)
        let outcomes = Locked([Int: Result<String, any Error>]())
        let tasks = (0..<count).map { index in
            Task {
                let outcome: Result<String, any Error>
                do {
                    outcome = .success(String(decoding: try await PlainHTTPExchange.send(request, poller: poller).1, as: UTF8.self))
                } catch {
                    outcome = .failure(error)
                }
                outcomes.withLock { $0[index] = outcome }
            }
        }
        return (tasks, outcomes)
    }

    private static func request(port: Int) throws -> URLRequest {
        var request = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/v1/test")))
        request.httpMethod = "POST"
        request.httpBody = Data("{}".utf8)
        return request
    }

    /// Threads of this process with this name (`/proc/self/task/*/comm`).
    private static func threads(named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            return comm.trimmingCharacters(in: .whitespacesAndNewlines) == name
        }.count
    }
}
