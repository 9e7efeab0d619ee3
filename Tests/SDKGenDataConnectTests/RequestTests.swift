import Foundation
import XCTest
@testable import SDKGenDataConnect

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class RequestTests: XCTestCase {
    private func moviesRef(_ dataConnect: DataConnect, variables: MovieVariables = MovieVariables(id: Sample.uuid))
        -> QueryRefObservation<MoviesData, MovieVariables>
    {
        // Generated code force-casts the same way.
        dataConnect.query(
            name: "ListMovies", variables: variables, resultsDataType: MoviesData.self, publisher: .observableMacro)
            as! QueryRefObservation<MoviesData, MovieVariables>
    }

    func testQueryRequestURLMethodAndExactBody() async throws {
        let server = StubServer()
        server.enqueueData(Sample.moviesJSON(["A"]))
        let dataConnect = try TestEnvironment.dataConnect(server, apiKey: "k+y/1")
        let ref = moviesRef(dataConnect, variables: MovieVariables(id: Sample.uuid) { $0.limit = 3 })
        _ = try await ref.execute()

        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(
            request.url.absoluteString,
            "https://firebasedataconnect.googleapis.com/v1/projects/\(server.projectID)/locations/europe-west1"
                + "/services/stacks/connectors/city-library:executeQuery?key=k%2By/1")
        let name = "projects/\(server.projectID)/locations/europe-west1/services/stacks/connectors/city-library"
        XCTAssertEqual(
            request.bodyString,
            "{\"name\":\"\(name)\",\"operationName\":\"ListMovies\","
                + "\"variables\":{\"id\":\"\(Sample.uuidWire)\",\"limit\":3}}")
        XCTAssertEqual(jsonObject(request.body), [
            "name": name, "operationName": "ListMovies", "variables": ["id": Sample.uuidWire, "limit": 3],
        ] as NSDictionary)
        XCTAssertEqual(request.timeout, 12)
    }

    func testMutationUsesExecuteMutationAndEmptyVariablesObject() async throws {
        let server = StubServer()
        server.enqueueData("{\"movie_insert\": {\"id\": \"\(Sample.uuidWire)\"}}")
        let dataConnect = try TestEnvironment.dataConnect(server)
        let result = try await dataConnect.mutation(name: "AddMovie", variables: NoVariables(), resultsDataType: InsertData.self)
            .execute()
        XCTAssertEqual(result.data?.movie_insert.id, Sample.uuid)
        XCTAssertEqual(result.source, .server)
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertTrue(request.url.absoluteString.hasSuffix("/connectors/city-library:executeMutation"))
        XCTAssertNil(request.url.query)
        XCTAssertEqual(jsonObject(request.body)?["variables"] as? NSDictionary, [:] as NSDictionary)
    }

    func testHeadersWithTokensAndGeneratedCaller() async throws {
        let server = StubServer()
        server.enqueueData(Sample.moviesJSON([]))
        let dataConnect = try TestEnvironment.dataConnect(
            server, googleAppID: "1:123:ios:abc",
            authTokenProvider: { _ in "id-token" }, appCheckTokenProvider: { "app-check" },
            callerSDKType: .generated)
        _ = try await moviesRef(dataConnect).execute()
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.header("Content-Type"), "application/json")
        XCTAssertEqual(request.header("X-Goog-Api-Client"), "gl-swift/\(RuntimeInfo.swiftVersion) fire/\(RuntimeInfo.version) swift/gen")
        XCTAssertEqual(request.header("X-Client-Version"), "swift/\(RuntimeInfo.version)")
        XCTAssertEqual(request.header("x-firebase-gmpid"), "1:123:ios:abc")
        XCTAssertEqual(request.header("X-Firebase-Auth-Token"), "id-token")
        XCTAssertEqual(request.header("X-Firebase-AppCheck"), "app-check")
    }

    func testHeadersWithoutOptionalValues() async throws {
        let server = StubServer()
        server.enqueueData(Sample.moviesJSON([]))
        let dataConnect = try TestEnvironment.dataConnect(
            server, appCheckTokenProvider: { throw URLError(.badServerResponse) })
        _ = try await moviesRef(dataConnect).execute()
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.header("X-Goog-Api-Client"), "gl-swift/\(RuntimeInfo.swiftVersion) fire/\(RuntimeInfo.version)")
        XCTAssertNil(request.header("x-firebase-gmpid"))
        XCTAssertNil(request.header("X-Firebase-Auth-Token"))
        XCTAssertNil(request.header("X-Firebase-AppCheck"), "a failing App Check provider sends no header")
    }

    func testUseEmulatorSwitchesToPlainHTTPForExistingRefs() async throws {
        let server = StubServer()
        server.enqueueData(Sample.moviesJSON([]))
        server.enqueueData(Sample.moviesJSON([]))
        let dataConnect = try TestEnvironment.dataConnect(server, settings: DataConnectSettings(cacheSettings: CacheSettings(maxAge: 5)))
        let ref = moviesRef(dataConnect)
        dataConnect.useEmulator()
        _ = try await ref.execute()
        dataConnect.useEmulator(host: "::1", port: 8080)
        _ = try await ref.execute(fetchPolicy: .serverOnly)
        let urls = server.requests.map(\.url.absoluteString)
        XCTAssertEqual(urls.count, 2)
        XCTAssertTrue(urls[0].hasPrefix("http://127.0.0.1:9399/v1/projects/\(server.projectID)/"), urls[0])
        XCTAssertTrue(urls[1].hasPrefix("http://[::1]:8080/v1/"), urls[1])
        XCTAssertEqual(dataConnect.settings.cacheSettings?.maxAge, 5)
        XCTAssertFalse(dataConnect.settings.sslEnabled)
    }

    func testDefaultPortsAreOmittedAndOthersKept() throws {
        func url(_ settings: DataConnectSettings) throws -> String {
            try RequestBuilder(
                connector: TestEnvironment.connector, settings: settings, projectID: "p", apiKey: nil,
                googleAppID: nil, callerSDKType: .base, timeout: 1
            ).url(for: .query).absoluteString
        }
        XCTAssertTrue(try url(DataConnectSettings(host: "h", port: 443)).hasPrefix("https://h/v1/projects/p/"))
        XCTAssertTrue(try url(DataConnectSettings(host: "h", port: 8443)).hasPrefix("https://h:8443/v1/"))
        XCTAssertTrue(try url(DataConnectSettings(host: "h", port: 80, sslEnabled: false)).hasPrefix("http://h/v1/"))
    }

    func testInvalidHostIsAConfigurationError() {
        let builder = RequestBuilder(
            connector: TestEnvironment.connector, settings: DataConnectSettings(host: "bad host"), projectID: "p",
            apiKey: nil, googleAppID: nil, callerSDKType: .base, timeout: 1)
        XCTAssertThrowsError(try builder.url(for: .query)) { error in
            XCTAssertEqual((error as? DataConnectInitError)?.code, .invalidConfiguration)
        }
    }

    func testEmulatorEnvironmentVariableParsing() {
        func parse(_ text: String?) -> String? {
            EmulatorEnvironment.endpoint(from: text).map { "\($0.host)|\($0.port)|\($0.sslEnabled)" }
        }
        XCTAssertEqual(parse("127.0.0.1:9400"), "127.0.0.1|9400|false")
        XCTAssertEqual(parse("http://localhost:9399/"), "localhost|9399|false")
        XCTAssertEqual(parse("https://dc.example.com:8443"), "dc.example.com|8443|true")
        XCTAssertEqual(parse("emulator"), "emulator|9399|false")
        XCTAssertEqual(parse("[::1]:9401"), "::1|9401|false")
        XCTAssertEqual(parse("[::1]"), "::1|9399|false")
        XCTAssertNil(parse(nil))
        XCTAssertNil(parse(""))
        XCTAssertNil(parse("host:notaport"))
        XCTAssertNil(parse("host:70000"))
        XCTAssertNil(parse("[::1"))
        XCTAssertNil(parse(":9399"))
    }

    func testRefsAreSharedPerOperationAndVariables() throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server)
        let first = moviesRef(dataConnect, variables: MovieVariables(id: Sample.uuid) { $0.limit = 1 })
        let same = moviesRef(dataConnect, variables: MovieVariables(id: Sample.uuid) { $0.limit = 1 })
        let other = moviesRef(dataConnect, variables: MovieVariables(id: Sample.uuid) { $0.limit = nil })
        XCTAssertTrue(first === same)
        XCTAssertFalse(first === other)
        XCTAssertEqual(first, same)
        XCTAssertNotEqual(first, other)

        let mutation = dataConnect.mutation(name: "AddMovie", variables: NoVariables(), resultsDataType: InsertData.self)
        XCTAssertTrue(mutation === dataConnect.mutation(name: "AddMovie", variables: NoVariables(), resultsDataType: InsertData.self))
        XCTAssertTrue(dataConnect === DataConnect.dataConnect(
            app: DataConnectApp.app(name: "app-\(server.projectID)"), connectorConfig: TestEnvironment.connector))
    }

    func testVariablesEncodingIsDeterministic() throws {
        let variables = MovieVariables(id: Sample.uuid) {
            $0.genre = "drama"
            $0.limit = 2
        }
        let encoded = try DataConnect.encode(variables, operationName: "ListMovies").get()
        XCTAssertEqual(String(decoding: encoded, as: UTF8.self), "{\"genre\":\"drama\",\"id\":\"\(Sample.uuidWire)\",\"limit\":2}")
    }

    func testUnencodableVariablesFailAtExecute() async throws {
        struct BadVariables: OperationVariable {
            var value: Double
        }
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server)
        let ref = dataConnect.mutation(name: "Bad", variables: BadVariables(value: .infinity), resultsDataType: InsertData.self)
        do {
            _ = try await ref.execute()
            XCTFail("expected an encoding error")
        } catch let error as DataConnectCodecError {
            XCTAssertEqual(error.code, .encodingFailed)
            XCTAssertTrue(error.message?.hasPrefix("cannot encode the variables of Bad") ?? false)
        }
        XCTAssertTrue(server.requests.isEmpty)
    }
}
