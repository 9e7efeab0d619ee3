import Foundation
import XCTest
@testable import SDKGenDataConnect

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class ResponseTests: XCTestCase {
    private func query<Data: Decodable & Sendable>(_ dataConnect: DataConnect, _ type: Data.Type)
        -> QueryRefObservation<Data, NoVariables>
    {
        dataConnect.query(name: "Q", variables: NoVariables(), resultsDataType: type, publisher: .observableMacro)
            as! QueryRefObservation<Data, NoVariables>
    }

    private func mutation(_ dataConnect: DataConnect) -> MutationRef<InsertData, NoVariables> {
        dataConnect.mutation(name: "AddMovie", variables: NoVariables(), resultsDataType: InsertData.self)
    }


    func testDecodesEveryScalar() async throws {
        let server = StubServer()
        server.enqueueData("""
        {"row": {"text": "héllo", "count": 42, "big": "9223372036854775807", "ratio": 0.25, "flag": true,
          "id": "\(Sample.uuidWire)", "day": "2024-02-29", "at": "2024-02-29T12:00:00.5+02:00",
          "props": {"k": [1, "two"]}, "ids": ["\(Sample.uuidWire)", "\(Sample.uuid2Wire)"], "bigs": ["1", "-2"],
          "maybeId": null, "maybeBig": "7"}}
        """)
        let dataConnect = try TestEnvironment.dataConnect(server)
        let result = try await query(dataConnect, ScalarsData.self).execute()
        let row = try XCTUnwrap(result.data?.row)
        XCTAssertEqual(row.text, "héllo")
        XCTAssertEqual(row.count, 42)
        XCTAssertEqual(row.big, Int64.max)
        XCTAssertEqual(row.ratio, 0.25)
        XCTAssertTrue(row.flag)
        XCTAssertEqual(row.id, Sample.uuid)
        XCTAssertEqual(row.day, try LocalDate(year: 2024, month: 2, day: 29))
        XCTAssertEqual(row.at, Timestamp(seconds: 1_709_200_800, nanoseconds: 500_000_000))
        XCTAssertEqual(row.props.description, "{\"k\":[1,\"two\"]}")
        XCTAssertEqual(row.ids, [Sample.uuid, Sample.uuid2])
        XCTAssertEqual(row.bigs, [1, -2])
        XCTAssertNil(row.maybeId)
        XCTAssertEqual(row.maybeBig, 7)
        XCTAssertNil(row.missing)
        XCTAssertEqual(result.source, .server)
    }

    func testNullDataGivesNilResult() async throws {
        let server = StubServer()
        server.enqueue(.json(status: 200, body: "{\"data\": null}"))
        let dataConnect = try TestEnvironment.dataConnect(server)
        let result = try await query(dataConnect, MoviesData.self).execute()
        XCTAssertNil(result.data)
    }

    func testDecodingFailureNamesThePath() async throws {
        let server = StubServer()
        server.enqueueData("""
        {"movies": [{"id": "\(Sample.uuidWire)", "title": "A", "releaseYear": 1},
                    {"id": "\(Sample.uuidWire)", "title": "B", "releaseYear": "1999"}]}
        """)
        let dataConnect = try TestEnvironment.dataConnect(server)
        let ref = query(dataConnect, MoviesData.self)
        let codecError = try await expectError(DataConnectCodecError.self) { _ = try await ref.execute() }
        XCTAssertEqual(codecError.code, .decodingFailed)
        XCTAssertEqual(codecError.message, "movies[1].releaseYear: expected Int, found String")
        XCTAssertEqual(codecError.description, "DataConnectCodecError(decodingFailed): movies[1].releaseYear: expected Int, found String")
        XCTAssertNotNil(codecError.underlyingError as? DecodingError)
    }

    func testGraphQLErrorsCarryPathsAndPartialData() async throws {
        let server = StubServer()
        server.enqueue(.json(status: 200, body: """
        {"data": {"movie_insert": {"id": "\(Sample.uuidWire)"}, "other": null},
         "errors": [{"message": "permission denied", "path": ["other", 0, "id"], "locations": [{"line": 1}]},
                    {"message": "second"}]}
        """))
        let dataConnect = try TestEnvironment.dataConnect(server)
        let operationError = try await expectError(DataConnectOperationError.self) { _ = try await self.mutation(dataConnect).execute() }
        let response = try XCTUnwrap(operationError.response)
        XCTAssertEqual(response.errors.map(\.message), ["permission denied", "second"])
        XCTAssertEqual(response.errors[0].path, [.field("other"), .listIndex(0), .field("id")])
        XCTAssertNil(response.errors[1].path)
        XCTAssertEqual(response.rawJsonData, "{\"movie_insert\":{\"id\":\"\(Sample.uuidWire)\"},\"other\":null}")
        XCTAssertEqual(response.data(asType: InsertData.self)?.movie_insert.id, Sample.uuid)
        XCTAssertNil(response.data(asType: MoviesData.self))
        XCTAssertEqual(operationError.message, "AddMovie failed: other[0].id: permission denied; second")
        XCTAssertNil(operationError.underlyingError)
    }

    func testQueryGraphQLErrorsExposeResponseDirectlyAndSetLastError() async throws {
        let server = StubServer()
        server.enqueue(.json(status: 200, body: "{\"data\": null, \"errors\": [{\"message\": \"boom\", \"path\": [\"movies\"]}]}"))
        let dataConnect = try TestEnvironment.dataConnect(server)
        let ref = query(dataConnect, MoviesData.self)
        let operationError = try await expectError(DataConnectOperationError.self) { _ = try await ref.execute() }
        XCTAssertNil(operationError.response?.rawJsonData)
        XCTAssertEqual(operationError.response?.errors.first?.description, "movies: boom")
        let lastError = try XCTUnwrap(ref.lastError as? DataConnectOperationError)
        XCTAssertEqual(lastError.message, "Q failed: movies: boom")
        XCTAssertNil(ref.data)
    }

    func testHTTPErrorCarriesTheServerMessage() async throws {
        let server = StubServer()
        server.enqueue(.json(status: 403, body: "{\"error\": {\"code\": 403, \"message\": \"caller lacks permission\", \"status\": \"PERMISSION_DENIED\"}}"))
        server.enqueue(.json(status: 500, body: "{\"message\": \"flat message\"}"))
        server.enqueue(.json(status: 502, body: "<html>bad gateway</html>"))
        let dataConnect = try TestEnvironment.dataConnect(server)
        let ref = mutation(dataConnect)

        let first = try await expectError(DataConnectTransportError.self) { _ = try await ref.execute() }
        XCTAssertEqual(first.code, .httpError)
        XCTAssertEqual(first.statusCode, 403)
        XCTAssertEqual(first.message, "HTTP 403 (PERMISSION_DENIED): caller lacks permission")

        let second = try await expectError(DataConnectTransportError.self) { _ = try await ref.execute() }
        XCTAssertEqual(second.message, "HTTP 500: flat message")

        let third = try await expectError(DataConnectTransportError.self) { _ = try await ref.execute() }
        XCTAssertEqual(third.message, "HTTP 502: <html>bad gateway</html>")
    }

    func testRetriesOnceWithARefreshedTokenAfter401() async throws {
        let server = StubServer()
        server.enqueue(.json(status: 401, body: "{\"error\": {\"message\": \"expired\"}}"))
        server.enqueueData("{\"movie_insert\": {\"id\": \"\(Sample.uuidWire)\"}}")
        let refreshes = Locked<[Bool]>([])
        let dataConnect = try TestEnvironment.dataConnect(server, authTokenProvider: { force in
            refreshes.withLock { $0.append(force) }
            return force ? "fresh" : "stale"
        })
        let result = try await mutation(dataConnect).execute()
        XCTAssertEqual(result.data?.movie_insert.id, Sample.uuid)
        XCTAssertEqual(server.requests.map { $0.header("X-Firebase-Auth-Token") }, ["stale", "fresh"])
        XCTAssertEqual(refreshes.withLock { $0 }, [false, true])
    }

    func testSecond401IsUnauthenticated() async throws {
        let server = StubServer()
        server.enqueue(.json(status: 401, body: "{}"), .json(status: 401, body: "{\"error\": {\"message\": \"still bad\"}}"))
        let dataConnect = try TestEnvironment.dataConnect(server, authTokenProvider: { _ in "t" })
        let thrown = try await expectError(DataConnectTransportError.self) { _ = try await self.mutation(dataConnect).execute() }
        XCTAssertEqual(thrown.code, .unauthenticated)
        XCTAssertEqual(thrown.statusCode, 401)
        XCTAssertEqual(thrown.message, "HTTP 401: still bad")
        XCTAssertEqual(server.requests.count, 2)
    }

    func testNo401RetryWithoutAnAuthProvider() async throws {
        let server = StubServer()
        server.enqueue(.json(status: 401, body: "{}"))
        let dataConnect = try TestEnvironment.dataConnect(server)
        let thrown = try await expectError(DataConnectTransportError.self) { _ = try await self.mutation(dataConnect).execute() }
        XCTAssertEqual(thrown.code, .unauthenticated)
        XCTAssertEqual(server.requests.count, 1)
    }

    func testFailingAuthProviderIsUnauthenticated() async throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server, authTokenProvider: { _ in throw URLError(.userAuthenticationRequired) })
        let thrown = try await expectError(DataConnectTransportError.self) { _ = try await self.mutation(dataConnect).execute() }
        XCTAssertEqual(thrown.code, .unauthenticated)
        XCTAssertNotNil(thrown.underlyingError as? URLError)
        XCTAssertTrue(server.requests.isEmpty)
    }

    func testNetworkFailureAndTimeout() async throws {
        let server = StubServer()
        server.enqueue(.failure(.notConnectedToInternet), .failure(.timedOut))
        let dataConnect = try TestEnvironment.dataConnect(server)
        let ref = mutation(dataConnect)
        let network = try await expectError(DataConnectTransportError.self) { _ = try await ref.execute() }
        XCTAssertEqual(network.code, .networkFailure)
        XCTAssertEqual((network.underlyingError as? URLError)?.code, .notConnectedToInternet)
        let timeout = try await expectError(DataConnectTransportError.self) { _ = try await ref.execute() }
        XCTAssertEqual(timeout.code, .timedOut)
        XCTAssertEqual(timeout.message, "no response within 12.0 seconds")
    }

    func testNonJSONSuccessIsInvalidResponse() async throws {
        let server = StubServer()
        server.enqueue(.json(status: 200, body: "[1, 2]"), .json(status: 200, body: "not json"))
        let dataConnect = try TestEnvironment.dataConnect(server)
        let ref = mutation(dataConnect)
        for _ in 0..<2 {
            let thrown = try await expectError(DataConnectTransportError.self) { _ = try await ref.execute() }
            XCTAssertEqual(thrown.code, .invalidResponse)
            XCTAssertEqual(thrown.statusCode, 200)
        }
    }

    func testMissingAppIsAppNotConfigured() async throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server)
        let ref = mutation(dataConnect)
        DataConnectApp.app(name: "app-\(server.projectID)")?.delete()
        let thrown = try await expectError(DataConnectInitError.self) { _ = try await ref.execute() }
        XCTAssertEqual(thrown.code, .appNotConfigured)
        XCTAssertTrue(thrown.description.hasPrefix("DataConnectInitError(appNotConfigured): no DataConnectApp named"))
        XCTAssertTrue(server.requests.isEmpty)
    }
}
