import Foundation
import XCTest
@testable import SDKGenDataConnect

/// Refresh rules through the public API that generated code calls, against a stub server.
/// (That a mutation does *not* refresh is decided, and tested without timing, in `RefreshTests`.)
final class RefreshEndToEndTests: XCTestCase {
    private func titles(_ element: QuerySubscriptionElement<MoviesData>?) -> [String]? {
        guard case .success(let result)? = element else { return nil }
        return result.data?.movies.map(\.title)
    }

    func testOnlyMatchingMutationsRefreshALiveQuery() async throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server)
        let rules = RefreshRules(onMutationExecuted: [MutationTrigger("AddMovie", condition: "mutation.variables.id == request.variables.id")])
        let ref = dataConnect.query(
            name: "ListMovies", variables: MovieVariables(id: Sample.uuid), resultsDataType: MoviesData.self,
            publisher: .observableObject, refresh: rules) as! QueryRefObservableObject<MoviesData, MovieVariables>
        let other = dataConnect.mutation(
            name: "AddMovie", variables: MovieVariables(id: Sample.uuid2), resultsDataType: InsertData.self, writes: [])
        let matching = dataConnect.mutation(
            name: "AddMovie", variables: MovieVariables(id: Sample.uuid), resultsDataType: InsertData.self, writes: [])

        server.enqueueData(Sample.moviesJSON(["A"]))
        let stream = try await ref.subscribeStream()
        var iterator = stream.makeAsyncIterator()
        let first = titles(await iterator.next())
        XCTAssertEqual(first, ["A"])

        server.enqueueData("{\"movie_insert\": {\"id\": \"\(Sample.uuid2Wire)\"}}")
        _ = try await other.execute()
        server.enqueueData("{\"movie_insert\": {\"id\": \"\(Sample.uuidWire)\"}}")
        server.enqueueData(Sample.moviesJSON(["A", "B"]))
        _ = try await matching.execute()
        let refreshed = titles(await iterator.next())
        XCTAssertEqual(refreshed, ["A", "B"], "the matching mutation refreshes the query")
        stream.cancel()
        _ = await iterator.next()
        let released = await eventually { await dataConnect.backend.liveQueryCount == 0 }
        XCTAssertTrue(released)
    }

    func testMutationsOfAnotherConnectorOfTheServiceRefreshToo() async throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server)
        let sibling = DataConnect.dataConnect(
            app: DataConnectApp.app(name: "app-\(server.projectID)"),
            connectorConfig: ConnectorConfig(serviceId: TestEnvironment.connector.serviceId, location: TestEnvironment.connector.location,
                                             connector: "admin"))
        let ref = dataConnect.query(
            name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self, publisher: .observableObject,
            refresh: RefreshRules(onMutationExecuted: [MutationTrigger("AddMovie")])) as! QueryRefObservableObject<MoviesData, NoVariables>
        server.enqueueData(Sample.moviesJSON(["A"]))
        let stream = try await ref.subscribeStream()
        var iterator = stream.makeAsyncIterator()
        let first = titles(await iterator.next())
        XCTAssertEqual(first, ["A"])
        server.enqueueData("{\"movie_insert\": {\"id\": \"\(Sample.uuidWire)\"}}")
        server.enqueueData(Sample.moviesJSON(["A", "C"]))
        _ = try await sibling.mutation(name: "AddMovie", variables: NoVariables(), resultsDataType: InsertData.self).execute()
        let refreshed = titles(await iterator.next())
        XCTAssertEqual(refreshed, ["A", "C"])
        stream.cancel()
    }
}
