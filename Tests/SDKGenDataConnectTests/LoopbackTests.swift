import Foundation
import XCTest
@testable import SDKGenDataConnect

/// End-to-end over a real socket: the default URLSession, plain HTTP to the emulator address.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class LoopbackTests: XCTestCase {
    func testQueryAndMutationAgainstALocalEmulator() async throws {
        let server = try LoopbackServer(responses: [
            (200, "{\"data\": \(Sample.moviesJSON(["Alien"]))}"),
            (200, "{\"data\": {\"movie_insert\": {\"id\": \"\(Sample.uuidWire)\"}}}"),
        ])
        let projectID = "loopback-\(UUID().uuidString.lowercased())"
        let app = try DataConnectApp.configure(name: projectID, options: DataConnectAppOptions(
            projectID: projectID, apiKey: "key", authTokenProvider: { _ in "token" }))
        defer { app.delete() }
        let dataConnect = DataConnect.dataConnect(app: app, connectorConfig: TestEnvironment.connector, callerSDKType: .generated)
        dataConnect.useEmulator(host: "127.0.0.1", port: server.port)

        let ref = dataConnect.query(
            name: "ListMovies", variables: MovieVariables(id: Sample.uuid) { $0.limit = 1 },
            resultsDataType: MoviesData.self, publisher: .observableMacro)
            as! QueryRefObservation<MoviesData, MovieVariables>
        let movies = try await ref.execute()
        XCTAssertEqual(movies.data?.movies.map(\.title), ["Alien"])
        let insert = try await dataConnect.mutation(name: "AddMovie", variables: NoVariables(), resultsDataType: InsertData.self)
            .execute()
        XCTAssertEqual(insert.data?.movie_insert.id, Sample.uuid)
        server.finish()

        let requests = server.requests
        XCTAssertEqual(requests.count, 2)
        let prefix = "/v1/projects/\(projectID)/locations/europe-west1/services/stacks/connectors/city-library"
        XCTAssertEqual(requests.first?.requestLine, "POST \(prefix):executeQuery?key=key HTTP/1.1")
        XCTAssertEqual(requests.last?.requestLine, "POST \(prefix):executeMutation?key=key HTTP/1.1")
        XCTAssertEqual(requests.first?.header("X-Firebase-Auth-Token"), "token")
        XCTAssertEqual(requests.first?.header("Content-Type"), "application/json")
        XCTAssertTrue(requests.first?.header("X-Goog-Api-Client")?.hasSuffix(" swift/gen") ?? false)
        XCTAssertEqual(
            requests.first.map { String(decoding: $0.body, as: UTF8.self) },
            "{\"name\":\"\(prefix.dropFirst(4))\",\"operationName\":\"ListMovies\",\"variables\":{\"id\":\"\(Sample.uuidWire)\",\"limit\":1}}")
    }

    /// The tests' server may be finished by a test and again by its teardown; the second call must
    /// not close whatever descriptor took the listener's number since.
    func testFinishingTheServerTwiceLeavesAReusedDescriptorOpen() throws {
        let server = try LoopbackServer(responses: [])
        XCTAssertTrue(server.finish())
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        defer { for fd in fds { close(fd) } }
        server.finish()
        for fd in fds { XCTAssertNotEqual(fcntl(fd, F_GETFD), -1, "descriptor \(fd) was closed by the second finish") }
    }
}
