import Foundation
import XCTest
@testable import SDKGenDataConnect

/// `QueryRefObservableObject` exists on every platform; on Linux it is `QueryRefObservation`,
/// observed through `subscribe()`'s `AsyncSequence` and Observation.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class ObservableObjectRefTests: XCTestCase {
    private func ref(_ dataConnect: DataConnect) -> QueryRefObservableObject<MoviesData, NoVariables> {
        dataConnect.query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self, publisher: .observableObject)
            as! QueryRefObservableObject<MoviesData, NoVariables>
    }

    func testObservableObjectRefsExecuteAndShareState() async throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(
            server, settings: DataConnectSettings(cacheSettings: CacheSettings(storage: .memory, maxAge: 3600)))
        let first = ref(dataConnect)
        XCTAssertTrue(first === ref(dataConnect))
        XCTAssertTrue(first.description.hasSuffix("(ListMovies)"), first.description)
        XCTAssertNil(first.data)

        server.enqueueData(Sample.moviesJSON(["A"]))
        let result = try await first.execute()
        XCTAssertEqual(result.data?.movies.map(\.title), ["A"])
        let data = await MainActor.run { first.data?.movies.map(\.title) }
        XCTAssertEqual(data, ["A"])
        XCTAssertEqual(first.source, .server)
        XCTAssertNil(first.lastError)
        let cached = try await first.execute()
        XCTAssertEqual(cached.source, .cache)
        XCTAssertEqual(server.requests.count, 1)
    }

    #if !canImport(Combine)
    func testSubscribeIsAnAsyncSequenceOnLinux() async throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server)
        let observable = ref(dataConnect)
        server.enqueueData(Sample.moviesJSON(["A"]))
        let stream: QueryResultStream<MoviesData> = try await observable.subscribe()
        var iterator = stream.makeAsyncIterator()
        guard case .success(let first)? = await iterator.next() else { return XCTFail("expected a result") }
        XCTAssertEqual(first.data?.movies.map(\.title), ["A"])

        server.enqueue(.json(status: 500, body: "{}"))
        _ = try? await observable.execute(fetchPolicy: .serverOnly)
        guard case .failure? = await iterator.next() else { return XCTFail("expected the failure") }
        let lastError = await MainActor.run { observable.lastError }
        XCTAssertEqual((lastError as? DataConnectTransportError)?.statusCode, 500)
        stream.cancel()
    }
    #endif
}
