import Foundation
import XCTest
@testable import SDKGenDataConnect

/// The REST fault table (docs/runtime.md): against a real socket, each fault makes `execute()`
/// throw its typed error within the request timeout, and the next request on the same
/// instance succeeds.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class RESTFaultTests: XCTestCase {
    private static let good = "{\"data\": \(Sample.moviesJSON(["Alien"]))}"

    func testErrorStatusesAreHTTPErrorsWithTheServersMessage() async throws {
        let cases: [(status: Int, body: String, message: String)] = [
            (503, #"{"error": {"code": 503, "status": "UNAVAILABLE", "message": "backend down"}}"#, "HTTP 503 (UNAVAILABLE): backend down"),
            (500, "", "HTTP 500"),
            (429, #"{"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "message": "quota exceeded"}}"#,
             "HTTP 429 (RESOURCE_EXHAUSTED): quota exceeded"),
        ]
        for (status, body, message) in cases {
            let error = try await firstRequestFails(.json(status, body), DataConnectTransportError.self)
            XCTAssertEqual(error.code, .httpError, message)
            XCTAssertEqual(error.statusCode, status)
            XCTAssertEqual(error.message, message)
        }
    }

    func testMalformedJSONIsAnInvalidResponse() async throws {
        let error = try await firstRequestFails(.json(200, "{\"data\": {\"movies\": [}"), DataConnectTransportError.self)
        XCTAssertEqual(error.code, .invalidResponse)
        XCTAssertEqual(error.statusCode, 200)
        XCTAssertEqual(error.message, "HTTP 200 response is not a JSON object: {\"data\": {\"movies\": [}")
    }

    func testATruncatedBodyIsANetworkFailure() async throws {
        let body = Data(RESTFaultTests.good.utf8)
        let error = try await firstRequestFails(.truncated(status: 200, body: body, sent: body.count / 2), DataConnectTransportError.self)
        XCTAssertEqual(error.code, .networkFailure)
        XCTAssertNotNil(error.underlyingError as? URLError)
    }

    func testAConnectionResetIsANetworkFailure() async throws {
        let error = try await firstRequestFails(.reset, DataConnectTransportError.self)
        XCTAssertEqual(error.code, .networkFailure)
        XCTAssertNotNil(error.underlyingError as? URLError)
    }

    func testAServerThatNeverAnswersTimesOutAtTheRequestTimeout() async throws {
        let started = Date()
        let error = try await firstRequestFails(.silent, DataConnectTransportError.self, requestTimeout: 0.5)
        XCTAssertEqual(error.code, .timedOut)
        XCTAssertEqual(error.message, "no response within 0.5 seconds")
        // Not before the timeout, and far below FoundationNetworking's own 60 s, which ignored the figure.
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertGreaterThanOrEqual(elapsed, 0.5)
        XCTAssertLessThan(elapsed, 20)
    }

    func testAHostThatNeverCompletesTheTCPHandshakeTimesOutAtTheRequestTimeout() async throws {
        let (port, descriptors) = try LoopbackServer.unansweredPort()
        defer { for fd in descriptors { _ = SocketIO.close(fd) } }
        let (dataConnect, app) = try connect(port: port, requestTimeout: 0.5)
        defer { app.delete() }
        let error = try await expectError(DataConnectTransportError.self) { _ = try await movies(dataConnect).execute() }
        XCTAssertEqual(error.code, .timedOut)
        XCTAssertEqual(error.message, "no response within 0.5 seconds")
    }

    func testAStalledRequestWaitsWithoutBusyCPU() async throws {
        // Through FoundationNetworking this wait cost 0.55–0.61 s of CPU per second (two shared
        // cores); the process's CPU must stay far below busy.
        let server = try LoopbackServer(count: 1) { _, _ in .silent }
        let (dataConnect, app) = try connect(port: server.port, requestTimeout: 1)
        defer { app.delete() }
        let ref = movies(dataConnect)
        let (cpuBefore, started) = (Self.processCPUSeconds(), Date())
        let error = try await expectError(DataConnectTransportError.self) { _ = try await ref.execute() }
        let (cpu, elapsed) = (Self.processCPUSeconds() - cpuBefore, Date().timeIntervalSince(started))
        XCTAssertEqual(error.code, .timedOut)
        XCTAssertLessThan(cpu, 0.1 * elapsed, "\(cpu) s of CPU in \(elapsed) s of waiting")
        XCTAssertTrue(server.finish(), "the stalled connection was closed")
    }

    /// User and system time of the whole process (all threads).
    private static func processCPUSeconds() -> Double {
        Double(clock()) / Double(CLOCKS_PER_SEC)
    }

    func testTheRuntimeEndsAStalledRequestAtItsOwnDeadline() async throws {
        // With a ten-minute timeout only the runtime's clock can end the request in time.
        let clock = ManualClock()
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let server = try LoopbackServer(count: 2) { _, index in
            guard index == 0 else { return .json(200, RESTFaultTests.good) }
            arrived.yield()
            return .silent
        }
        let (dataConnect, app) = try connect(port: server.port, requestTimeout: 600, clock: clock)
        defer { app.delete() }
        let ref = movies(dataConnect)
        let stalled = Task { try await ref.execute() }
        // Both the deadline and the request at the server, so the timeout ends a request in flight.
        let started = await within(20) {
            await clock.waitForDeadlines([600])
            for await _ in arrivals { break }
        }
        guard started != nil else {
            stalled.cancel()
            return XCTFail("the request set no deadline on the runtime's clock or never reached the server")
        }
        clock.advance(600)
        let outcome = await within(20) {
            try await withTaskCancellationHandler { try await stalled.value } onCancel: { stalled.cancel() }
        }
        guard case .failure(let failure)? = outcome, let error = failure as? DataConnectTransportError else {
            stalled.cancel()
            return XCTFail("expected a timeout, got \(String(describing: outcome))")
        }
        XCTAssertEqual(error.code, .timedOut)
        XCTAssertEqual(error.message, "no response within 600.0 seconds")
        let next = try await ref.execute()
        XCTAssertEqual(next.data?.movies.map(\.title), ["Alien"])
        XCTAssertTrue(server.finish(), "the stalled connection was closed")
        XCTAssertEqual(clock.deadlines, [], "no timer is left behind")
    }

    func testTheSystemClockTakesAHugeTimeout() async throws {
        // A valid requestTimeout of 1e15 s must not overflow the nanoseconds of the deadline.
        let sleeper = Task { try await SystemClock().sleep(seconds: 1e15) }
        sleeper.cancel()
        let outcome = await sleeper.result
        XCTAssertThrowsError(try outcome.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    }

    func testConnectionRefusedIsANetworkFailure() async throws {
        // Bind and release a port so nothing listens on it, then serve on a fresh one.
        let probe = try LoopbackServer(responses: [])
        let port = probe.port
        probe.finish()
        let (dataConnect, app) = try connect(port: port)
        defer { app.delete() }
        let ref = movies(dataConnect)
        let error = try await expectError(DataConnectTransportError.self) { _ = try await ref.execute() }
        XCTAssertEqual(error.code, .networkFailure)
        XCTAssertNotNil(error.underlyingError)

        let server = try LoopbackServer(responses: [(200, RESTFaultTests.good)])
        dataConnect.useEmulator(port: server.port)
        let next = try await ref.execute()
        XCTAssertEqual(next.data?.movies.map(\.title), ["Alien"])
        server.finish()
    }

    func testNullDataWithErrorsIsAnOperationError() async throws {
        let error = try await firstRequestFails(
            .json(200, #"{"data": null, "errors": [{"message": "movie is hidden", "path": ["movies", 0]}]}"#),
            DataConnectOperationError.self)
        XCTAssertEqual(error.message, "ListMovies failed: movies[0]: movie is hidden")
        XCTAssertEqual(error.response?.errors.map(\.description), ["movies[0]: movie is hidden"])
        XCTAssertNil(error.response?.rawJsonData)
    }

    func testDataOfTheWrongTypeIsADecodingFailureNamingThePath() async throws {
        let body = #"{"data": {"movies": [{"id": "\#(Sample.uuidWire)", "title": "A"}, {"id": "\#(Sample.uuidWire)", "title": 7}]}}"#
        let error = try await firstRequestFails(.json(200, body), DataConnectCodecError.self)
        XCTAssertEqual(error.code, .decodingFailed)
        XCTAssertEqual(error.message, "movies[1].title: expected String, found Int")
    }

    func testAFiftyMegabyteResponseSucceeds() async throws {
        // 50 titles of 1 MB: the size goes through the transport without a huge parse.
        let title = String(repeating: "x", count: 1 << 20)
        let body = "{\"data\": \(Sample.moviesJSON(Array(repeating: title, count: 50)))}"
        XCTAssertGreaterThan(body.utf8.count, 50 << 20)
        let server = try LoopbackServer(responses: [(200, body)])
        let (dataConnect, app) = try connect(port: server.port)
        defer { app.delete() }
        let result = try await movies(dataConnect).execute()
        XCTAssertEqual(result.data?.movies.count, 50)
        XCTAssertEqual(result.data?.movies.last?.title.utf8.count, 1 << 20)
        server.finish()
    }

    // MARK: Helpers

    /// Serves `fault` to the first request and a good answer to the second; returns the
    /// error of the first `execute()` after checking that the second succeeds.
    private func firstRequestFails<E: Error>(
        _ fault: LoopbackServer.Reply, _ type: E.Type, requestTimeout: TimeInterval = 30
    ) async throws -> E {
        let server = try LoopbackServer(count: 2) { _, index in index == 0 ? fault : .json(200, RESTFaultTests.good) }
        let (dataConnect, app) = try connect(port: server.port, requestTimeout: requestTimeout)
        defer { app.delete() }
        let ref = movies(dataConnect)
        let error = try await expectError(E.self) { _ = try await ref.execute() }
        let next = try await ref.execute()
        XCTAssertEqual(next.data?.movies.map(\.title), ["Alien"], "the next request succeeds")
        XCTAssertTrue(server.finish())
        return error
    }

    func testDeletingTheAppReleasesTheInstanceAndItsResults() async throws {
        let server = try LoopbackServer(responses: [(200, RESTFaultTests.good)])
        let watched: @Sendable () -> Bool
        do {
            let (dataConnect, app) = try connect(port: server.port)
            watched = { [weak owner = dataConnect.backend] in owner == nil }
            let result = try await movies(dataConnect).execute()
            XCTAssertEqual(result.data?.movies.map(\.title), ["Alien"])
            app.delete()
        }
        let released = await eventually(timeout: 30) { watched() }
        XCTAssertTrue(released, "after delete() the owner, its query states and their results are freed")
        server.finish()
    }

    private func connect(
        port: Int, requestTimeout: TimeInterval = 30, clock: any RuntimeClock = SystemClock()
    ) throws -> (DataConnect, DataConnectApp) {
        let name = "faults-\(UUID().uuidString.lowercased())"
        let app = try DataConnectApp.configure(
            name: name, options: DataConnectAppOptions(projectID: name, requestTimeout: requestTimeout))
        let dataConnect = DataConnect.dataConnect(
            app: app, connectorConfig: TestEnvironment.connector, settings: DataConnectSettings(), callerSDKType: .base,
            environment: RuntimeEnvironment(clock: clock))
        dataConnect.useEmulator(port: port)
        return (dataConnect, app)
    }

    private func movies(_ dataConnect: DataConnect) -> QueryRefObservation<MoviesData, NoVariables> {
        dataConnect.query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self, publisher: .observableMacro)
            as! QueryRefObservation<MoviesData, NoVariables>
    }

    /// The outcome of `body`, or `nil` when it has not finished within `seconds` (it is then cancelled).
    private func within<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async throws -> T) async -> Result<T, any Error>? {
        await withTaskGroup(of: Result<T, any Error>?.self) { group in
            group.addTask {
                do {
                    return .success(try await body())
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
