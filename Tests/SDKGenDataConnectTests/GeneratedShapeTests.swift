import Foundation
import XCTest
@testable import SDKGenDataConnect

// The shape of sdkgen's generated client (docs/generated-code.md), compiled
// against this runtime. The classes are `final` and `Sendable` so the `static let`
// compiles in Swift 6 mode; that works because `DataConnect` is `Sendable`.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class CityLibraryConnector: Sendable {
    static let connectorConfig = ConnectorConfig(serviceId: "stacks", location: "europe-west1", connector: "city-library")

    let dataConnect: DataConnect
    let listMoviesQuery: ListMoviesQuery
    let addMovieMutation: AddMovieMutation

    init(dataConnect: DataConnect) {
        self.dataConnect = dataConnect
        listMoviesQuery = ListMoviesQuery(dataConnect: dataConnect)
        addMovieMutation = AddMovieMutation(dataConnect: dataConnect)
    }

    func useEmulator(host: String = DataConnect.EmulatorDefaults.host, port: Int = DataConnect.EmulatorDefaults.port) {
        dataConnect.useEmulator(host: host, port: port)
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class ListMoviesQuery: Sendable {
    static let OperationName = "ListMovies"
    typealias Ref = QueryRefObservation<MoviesData, MovieVariables>

    let dataConnect: DataConnect

    init(dataConnect: DataConnect) {
        self.dataConnect = dataConnect
    }

    func ref(id: UUID, _ optionalVars: ((inout MovieVariables) -> Void)? = nil) -> Ref {
        var variables = MovieVariables(id: id)
        optionalVars?(&variables)
        let ref = dataConnect.query(
            name: ListMoviesQuery.OperationName, variables: variables, resultsDataType: MoviesData.self,
            publisher: .observableMacro)
        return ref as! Ref
    }

    @MainActor
    func execute(
        fetchPolicy: QueryFetchPolicy = .preferCache, id: UUID,
        _ optionalVars: (@MainActor (inout MovieVariables) -> Void)? = nil
    ) async throws -> OperationResult<MoviesData> {
        var variables = MovieVariables(id: id)
        optionalVars?(&variables)
        let ref = dataConnect.query(
            name: ListMoviesQuery.OperationName, variables: variables, resultsDataType: MoviesData.self,
            publisher: .observableMacro)
        let refCast = ref as! Ref
        return try await refCast.execute(fetchPolicy: fetchPolicy)
    }
}

final class AddMovieMutation: Sendable {
    static let OperationName = "AddMovie"
    typealias Ref = MutationRef<InsertData, NoVariables>

    let dataConnect: DataConnect

    init(dataConnect: DataConnect) {
        self.dataConnect = dataConnect
    }

    func ref() -> Ref {
        dataConnect.mutation(name: AddMovieMutation.OperationName, variables: NoVariables(), resultsDataType: InsertData.self)
    }

    @MainActor
    func execute() async throws -> OperationResult<InsertData> {
        try await ref().execute()
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class GeneratedShapeTests: XCTestCase {
    func testGeneratedShapeRunsAgainstTheRuntime() async throws {
        let server = StubServer()
        server.enqueueData(Sample.moviesJSON(["Heat"]))
        server.enqueueData("{\"movie_insert\": {\"id\": \"\(Sample.uuidWire)\"}}")
        let cache = CacheSettings(storage: .memory, maxAge: 60)
        let options = DataConnectAppOptions(projectID: server.projectID, urlSession: StubServer.session)
        let app = try DataConnectApp.configure(name: "generated-\(server.projectID)", options: options)
        let connector = CityLibraryConnector(dataConnect: DataConnect.dataConnect(
            app: app, connectorConfig: CityLibraryConnector.connectorConfig,
            settings: DataConnectSettings(cacheSettings: cache), callerSDKType: .generated))

        let first = try await connector.listMoviesQuery.execute(id: Sample.uuid) { $0.limit = 2 }
        XCTAssertEqual(first.data?.movies.map(\.title), ["Heat"])
        let cached = try await connector.listMoviesQuery.execute(id: Sample.uuid) { $0.limit = 2 }
        XCTAssertEqual(cached.source, .cache)
        XCTAssertTrue(connector.listMoviesQuery.ref(id: Sample.uuid) { $0.limit = 2 } === connector.listMoviesQuery.ref(id: Sample.uuid) { $0.limit = 2 })
        XCTAssertEqual(connector.listMoviesQuery.ref(id: Sample.uuid) { $0.limit = 2 }.data?.movies.first?.title, "Heat")

        let inserted = try await connector.addMovieMutation.execute()
        XCTAssertEqual(inserted.data?.movie_insert.id, Sample.uuid)
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertTrue(server.requests[0].header("X-Goog-Api-Client")?.hasSuffix("swift/gen") ?? false)
    }
}
