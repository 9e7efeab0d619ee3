import Foundation
import XCTest
@testable import SDKGenDataConnect

/// The normalized cache end to end: stub responses with `extensions.dataConnect` entity ids.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class CacheTests: XCTestCase {
    private let memory = DataConnectSettings(cacheSettings: CacheSettings(storage: .memory, maxAge: 3600))

    // MARK: Normalization

    func testRefetchOfOneQueryUpdatesAnotherSubscriberSharingTheEntity() async throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server, settings: memory)
        let list = CacheRefs.list(dataConnect)
        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien(), CacheSample.brazil()])))
        let stream = try await list.subscribeStream()
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        XCTAssertEqual(CacheRefs.titles(first), ["Alien", "Brazil"])
        XCTAssertEqual(CacheRefs.source(first), .server)

        server.enqueue(.json(status: 200, body: CacheSample.single(CacheSample.alien("Alien: Director's Cut", year: 2003))))
        let single = try await CacheRefs.movie(dataConnect).execute(fetchPolicy: .serverOnly)
        XCTAssertEqual(single.data?.movie?.title, "Alien: Director's Cut")
        XCTAssertEqual(single.source, .server)

        let republished = await iterator.next()
        XCTAssertEqual(CacheRefs.titles(republished), ["Alien: Director's Cut", "Brazil"])
        XCTAssertEqual(CacheRefs.source(republished), .cache)
        guard case .success(let result)? = republished else { return XCTFail("expected a result") }
        XCTAssertEqual(result.data?.movies.first?.releaseYear, 2003)
        XCTAssertEqual(server.requests.count, 2, "the list is updated from the cache, not refetched")

        let observed = await CacheRefs.observe(list, until: ["Alien: Director's Cut", "Brazil"]) { $0.data?.movies.map(\.title) ?? [] }
        XCTAssertEqual(observed, ["Alien: Director's Cut", "Brazil"])
        let cached = try await list.execute(fetchPolicy: .cacheOnly)
        XCTAssertEqual(CacheRefs.titles(cached), ["Alien: Director's Cut", "Brazil"])
        stream.cancel()
    }

    func testQueriesOfOneTypeShowingDifferentDataEachGetTheirOwnRepublishedData() async throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server, settings: memory)
        let both = CacheRefs.list(dataConnect)
        let one = dataConnect.query(name: "ListOldMovies", variables: NoVariables(), resultsDataType: MoviesData.self, publisher: .observableMacro)
            as! QueryRefObservation<MoviesData, NoVariables>
        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien(), CacheSample.brazil()])))
        let bothStream = try await both.subscribeStream()
        var bothIterator = bothStream.makeAsyncIterator()
        _ = await bothIterator.next()
        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien()])))
        let oneStream = try await one.subscribeStream()
        var oneIterator = oneStream.makeAsyncIterator()
        _ = await oneIterator.next()

        server.enqueue(.json(status: 200, body: CacheSample.single(CacheSample.alien("Alien 2"))))
        _ = try await CacheRefs.movie(dataConnect).execute(fetchPolicy: .serverOnly)
        let bothNext = await bothIterator.next()
        let oneNext = await oneIterator.next()
        XCTAssertEqual(CacheRefs.titles(bothNext), ["Alien 2", "Brazil"])
        XCTAssertEqual(CacheRefs.titles(oneNext), ["Alien 2"], "queries of one type showing different data do not share a decoding")
        bothStream.cancel()
        oneStream.cancel()
    }

    func testAListResultUpdatesASingleEntityQuery() async throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server, settings: memory)
        let movie = CacheRefs.movie(dataConnect)
        server.enqueue(.json(status: 200, body: CacheSample.single(CacheSample.alien())))
        _ = try await movie.execute()
        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.brazil(), CacheSample.alien("Alien 2")])))
        _ = try await CacheRefs.list(dataConnect).execute()
        let cached = try await movie.execute(fetchPolicy: .cacheOnly)
        XCTAssertEqual(cached.data?.movie?.title, "Alien 2", "entityIds are matched to list elements by index")
        XCTAssertEqual(server.requests.count, 2)
    }

    func testAnUnchangedEntityDoesNotRepublish() async throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server, settings: memory)
        let list = CacheRefs.list(dataConnect)
        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien(), CacheSample.brazil()])))
        let stream = try await list.subscribeStream()
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()

        server.enqueue(.json(status: 200, body: CacheSample.single(CacheSample.alien())))
        _ = try await CacheRefs.movie(dataConnect).execute(fetchPolicy: .serverOnly)
        server.enqueue(.json(status: 200, body: CacheSample.single(CacheSample.brazil("Brazil (1985)"))))
        _ = try await CacheRefs.movie(dataConnect, id: Sample.uuid2).execute(fetchPolicy: .serverOnly)
        // The identical Alien row changed nothing, so the next delivery is the Brazil change.
        let next = await iterator.next()
        XCTAssertEqual(CacheRefs.titles(next), ["Alien", "Brazil (1985)"])
        stream.cancel()
    }

    func testNestedObjectsWithoutIdStayInTheirQuery() async throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server, settings: memory)
        let directed = CacheRefs.directed(dataConnect)
        server.enqueue(.json(status: 200, body: CacheSample.directed(CacheSample.alien(), director: "Ridley Scott")))
        _ = try await directed.execute()

        // Another query returns the same entity with another title and its own nested object.
        let other = dataConnect.query(
            name: "GetDirectedMovieAgain", variables: MovieVariables(id: Sample.uuid), resultsDataType: DirectedMovieData.self,
            publisher: .observableMacro) as! QueryRefObservation<DirectedMovieData, MovieVariables>
        server.enqueue(.json(status: 200, body: CacheSample.directed(CacheSample.alien("Alien!"), director: "Somebody Else")))
        _ = try await other.execute()

        let cached = try await directed.execute(fetchPolicy: .cacheOnly)
        XCTAssertEqual(cached.data?.movie?.title, "Alien!", "the entity's scalar fields are shared")
        XCTAssertEqual(cached.data?.movie?.director?.name, "Ridley Scott", "an object without an id belongs to its query")
        let otherCached = try await other.execute(fetchPolicy: .cacheOnly)
        XCTAssertEqual(otherCached.data?.movie?.director?.name, "Somebody Else")
    }

    func testMutationResponsesAreNotCached() async throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server, settings: memory)
        let movie = CacheRefs.movie(dataConnect)
        server.enqueue(.json(status: 200, body: CacheSample.single(CacheSample.alien())))
        _ = try await movie.execute()
        server.enqueue(.json(status: 200, body: CacheSample.single(CacheSample.alien("Renamed"))))
        _ = try await dataConnect.mutation(name: "RenameMovie", variables: NoVariables(), resultsDataType: MovieData.self).execute()
        let cached = try await movie.execute(fetchPolicy: .cacheOnly)
        XCTAssertEqual(cached.data?.movie?.title, "Alien")
    }

    func testUnexpectedExtensionShapesAreIgnored() async throws {
        let shapes = [
            "{\"dataConnect\": \"oops\"}",
            "{\"dataConnect\": [1, null, {\"path\": \"movies\", \"entityIds\": [\"x\"]}, {\"path\": [\"movies\", -1], \"entityId\": \"y\"}]}",
            "{\"dataConnect\": [{\"path\": [\"movies\", 0, \"title\"], \"entityId\": \"points-at-a-string\"}]}",
            "{\"dataConnect\": [{\"path\": [\"movies\"], \"entityIds\": [\"only-one\"]}, {\"path\": [\"movies\"], \"entityId\": \"a-list\"}]}",
            "{\"dataConnect\": [{\"path\": [\"nowhere\", 7], \"entityIds\": [3, \"\"], \"maxAge\": \"soon\"}]}",
            "[]",
        ]
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server, settings: memory)
        let list = CacheRefs.list(dataConnect)
        for (index, shape) in shapes.enumerated() {
            let movies = [CacheSample.alien("A\(index)"), CacheSample.brazil()].map(\.json).joined(separator: ", ")
            server.enqueue(.json(status: 200, body: "{\"data\": {\"movies\": [\(movies)]}, \"extensions\": \(shape)}"))
            let result = try await list.execute(fetchPolicy: .serverOnly)
            XCTAssertEqual(CacheRefs.titles(result), ["A\(index)", "Brazil"], shape)
            let cached = try await list.execute(fetchPolicy: .cacheOnly)
            XCTAssertEqual(CacheRefs.titles(cached), ["A\(index)", "Brazil"], shape)
        }
    }

    // MARK: Scope

    func testUsersNeverSeeEachOthersRows() async throws {
        let server = StubServer()
        let user = Locked<String?>("alice")
        let dataConnect = try TestEnvironment.dataConnect(
            server, authTokenProvider: { _ in user.withLock { $0 }.map { CacheSample.idToken(uid: $0) } }, settings: memory)
        let list = CacheRefs.list(dataConnect)
        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien("Alice's")])))
        _ = try await list.execute()

        user.withLock { $0 = "bob" }
        let bobCached = try await list.execute(fetchPolicy: .cacheOnly)
        XCTAssertNil(bobCached.data, "another user's cache is empty")
        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien("Bob's")])))
        let bob = try await list.execute()
        XCTAssertEqual(bob.source, .server, "preferCache does not serve another user's fresh result")
        XCTAssertEqual(CacheRefs.titles(bob), ["Bob's"])

        user.withLock { $0 = nil }
        let anonymous = try await list.execute(fetchPolicy: .cacheOnly)
        XCTAssertNil(anonymous.data)

        user.withLock { $0 = "alice" }
        let alice = try await list.execute(fetchPolicy: .cacheOnly)
        XCTAssertEqual(CacheRefs.titles(alice), ["Alice's"])
        XCTAssertEqual(server.requests.count, 2)
    }

    // MARK: Fetch policies and maxAge

    func testFetchPoliciesFollowMaxAgeOnTheInjectedClock() async throws {
        let server = StubServer()
        let clock = ManualClock()
        let settings = DataConnectSettings(cacheSettings: CacheSettings(storage: .memory, maxAge: 60))
        let dataConnect = try TestEnvironment.dataConnect(server, settings: settings, environment: RuntimeEnvironment(clock: clock))
        let list = CacheRefs.list(dataConnect)

        let empty = try await list.execute(fetchPolicy: .cacheOnly)
        XCTAssertNil(empty.data)
        XCTAssertEqual(empty.source, .cache)
        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien("v1")])))
        let fetched = try await list.execute()
        XCTAssertEqual(fetched.source, .server)

        clock.advance(59)
        let fresh = try await list.execute()
        XCTAssertEqual(fresh.source, .cache)
        XCTAssertEqual(CacheRefs.titles(fresh), ["v1"])
        XCTAssertEqual(server.requests.count, 1)

        clock.advance(1)
        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien("v2")])))
        let expired = try await list.execute()
        XCTAssertEqual(expired.source, .server, "a result exactly maxAge old is stale")
        XCTAssertEqual(CacheRefs.titles(expired), ["v2"])

        clock.advance(3600)
        let stale = try await list.execute(fetchPolicy: .cacheOnly)
        XCTAssertEqual(stale.source, .cache)
        XCTAssertEqual(CacheRefs.titles(stale), ["v2"], "cacheOnly serves stale results")

        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien("v3")])))
        let forced = try await list.execute(fetchPolicy: .serverOnly)
        XCTAssertEqual(forced.source, .server)
        XCTAssertEqual(server.requests.count, 3)
    }

    func testAResponseMaxAgeOverridesTheSettings() async throws {
        let server = StubServer()
        let clock = ManualClock()
        let dataConnect = try TestEnvironment.dataConnect(server, settings: memory, environment: RuntimeEnvironment(clock: clock))
        let list = CacheRefs.list(dataConnect)
        let maxAge = ", {\"path\": [], \"maxAge\": \"10s\"}"
        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien("short-lived")], extraExtensions: maxAge)))
        _ = try await list.execute()
        clock.advance(9)
        let value = try await list.execute().source
        XCTAssertEqual(value, .cache)
        clock.advance(1)
        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien("again")])))
        let refreshed = try await list.execute()
        XCTAssertEqual(refreshed.source, .server, "10s from the response, not 3600s from the settings")
    }

    // MARK: Ordering

    func testAnOlderRecordedStampIsNotShown() async throws {
        let dataConnect = try TestEnvironment.dataConnect(StubServer(), settings: memory)
        let core = CacheRefs.list(dataConnect).core
        let older = QueryStamp.next()
        let newer = QueryStamp.next()
        let result = OperationResult(data: MoviesData(movies: []), source: .cache)
        let shown = await core.record(.success(result), stamp: newer, scope: nil)
        XCTAssertNotNil(shown)
        let late = await core.record(.success(result), stamp: older, scope: nil)
        XCTAssertNil(late, "a late cache read does not replace a newer result")
        let again = await core.record(.success(result), stamp: newer, scope: nil)
        XCTAssertNil(again, "nor is the same change shown twice")
    }

    /// An instance with a memory cache and no stream, sending to `server`; its app is deleted after the test.
    private func memoryInstance(of server: LoopbackServer) throws -> DataConnect {
        let projectID = "loopback-\(UUID().uuidString.lowercased())"
        let app = try DataConnectApp.configure(name: projectID, options: DataConnectAppOptions(projectID: projectID))
        addTeardownBlock { app.delete() }
        let dataConnect = DataConnect.dataConnect(
            app: app, connectorConfig: TestEnvironment.connector, settings: memory, callerSDKType: .base,
            environment: RuntimeEnvironment(cacheDirectory: TestEnvironment.cacheDirectory, webSockets: NoWebSocketConnector()))
        dataConnect.useEmulator(host: "127.0.0.1", port: server.port)
        return dataConnect
    }

    func testBackgroundFetchesRunFourAtATimeAndTheRestWaitTheirTurn() async throws {
        let count = 6
        let release = DispatchSemaphore(value: 0)
        let server = try LoopbackServer(count: count) { _, index in
            .json(200, CacheSample.single(CacheSample.Movie(uuidWire: String(format: "%032x", index), title: "t\(index)")), gate: release)
        }
        // No stream: every subscription is fetched in the background at once.
        let dataConnect = try memoryInstance(of: server)
        var streams: [QueryResultStream<MovieData>] = []
        for index in 0..<count {
            let id = UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", index))!
            streams.append(try await CacheRefs.movie(dataConnect, id: id).subscribeStream())
        }
        let held = await dataConnect.backend.backgroundFetches
        XCTAssertEqual(held.running, DataConnectBackend.maxBackgroundFetches)
        XCTAssertEqual(held.queued, count - DataConnectBackend.maxBackgroundFetches)

        for _ in 0..<count { release.signal() }
        for stream in streams {
            var iterator = stream.makeAsyncIterator()
            guard case .success(let result)? = await iterator.next() else { return XCTFail("every subscription gets data") }
            XCTAssertNotNil(result.data?.movie)
        }
        XCTAssertTrue(server.finish())
        let drained = await eventually {
            let fetches = await dataConnect.backend.backgroundFetches
            return fetches.running == 0 && fetches.queued == 0
        }
        XCTAssertTrue(drained)
        streams.forEach { $0.cancel() }
    }

    func testADelayedOlderResponseNeverOverwritesANewerOne() async throws {
        let firstArrived = DispatchSemaphore(value: 0)
        let releaseFirst = DispatchSemaphore(value: 0)
        let server = try LoopbackServer(count: 3) { _, index in
            switch index {
            case 0:
                firstArrived.signal()
                return .json(200, CacheSample.list([CacheSample.alien("old")]), gate: releaseFirst)
            case 1:
                return .json(200, CacheSample.list([CacheSample.alien("new")]))
            default:
                return .json(200, CacheSample.single(CacheSample.alien("newest")))
            }
        }
        // The server answers HTTP only; the subscription below takes the no-stream path.
        let dataConnect = try memoryInstance(of: server)
        let list = CacheRefs.list(dataConnect)

        // The first request is held by the server until the second one has been answered.
        let slow = Task { try await list.execute(fetchPolicy: .serverOnly) }
        await Task.detached { firstArrived.wait() }.value
        let newer = try await list.execute(fetchPolicy: .serverOnly)
        XCTAssertEqual(CacheRefs.titles(newer), ["new"])
        let stream = try await list.subscribeStream()
        var iterator = stream.makeAsyncIterator()
        let current = await iterator.next()
        XCTAssertEqual(CacheRefs.titles(current), ["new"])

        releaseFirst.signal()
        let late = try await slow.value
        XCTAssertEqual(CacheRefs.titles(late), ["new"], "the late caller gets the newer result")
        let cached = try await list.execute(fetchPolicy: .cacheOnly)
        XCTAssertEqual(CacheRefs.titles(cached), ["new"], "the cache keeps the newer result")
        let shown = await CacheRefs.observe(list, until: ["new"]) { $0.data?.movies.map(\.title) ?? [] }
        XCTAssertEqual(shown, ["new"])

        // Had "old" been delivered, it would come before this change.
        _ = try await CacheRefs.movie(dataConnect).execute(fetchPolicy: .serverOnly)
        let next = await iterator.next()
        XCTAssertEqual(CacheRefs.titles(next), ["newest"])
        server.finish()
        stream.cancel()
    }

    // MARK: Persistent storage

    func testPersistentStoreSurvivesARestart() async throws {
        let directory = try temporaryDirectory()
        let server = StubServer()
        let settings = DataConnectSettings(cacheSettings: CacheSettings(maxAge: 3600))
        let first = try TestEnvironment.dataConnect(server, settings: settings, environment: RuntimeEnvironment(cacheDirectory: directory))
        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien("persisted"), CacheSample.brazil()])))
        _ = try await CacheRefs.list(first).execute()
        await first.backend.waitForPendingSaves()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(files.count, 1)
        XCTAssertTrue(files.first?.hasPrefix("cache-") ?? false)

        // A new process: the app and its instances are gone, the file is not.
        DataConnectApp.app(name: "app-\(server.projectID)")?.delete()
        let second = try TestEnvironment.dataConnect(server, settings: settings, environment: RuntimeEnvironment(cacheDirectory: directory))
        XCTAssertFalse(first === second)
        let restored = try await CacheRefs.list(second).execute()
        XCTAssertEqual(restored.source, .cache)
        XCTAssertEqual(CacheRefs.titles(restored), ["persisted", "Brazil"])
        // Normalization survives too: a single-movie result updates the restored list.
        server.enqueue(.json(status: 200, body: CacheSample.single(CacheSample.brazil("Brazil, restored"))))
        _ = try await CacheRefs.movie(second, id: Sample.uuid2).execute()
        let updated = try await CacheRefs.list(second).execute(fetchPolicy: .cacheOnly)
        XCTAssertEqual(CacheRefs.titles(updated), ["persisted", "Brazil, restored"])
        XCTAssertEqual(server.requests.count, 2)
    }

    func testMemoryStorageWritesNoFile() async throws {
        let directory = try temporaryDirectory()
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server, settings: memory, environment: RuntimeEnvironment(cacheDirectory: directory))
        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien()])))
        _ = try await CacheRefs.list(dataConnect).execute()
        await dataConnect.backend.waitForPendingSaves()
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path))
    }

    func testACorruptStoreIsDiscardedWithAWarning() async throws {
        let directory = try temporaryDirectory()
        let server = StubServer()
        let settings = DataConnectSettings(cacheSettings: CacheSettings(maxAge: 3600))
        let log = WarningLog()
        let dataConnect = try TestEnvironment.dataConnect(
            server, settings: settings, environment: RuntimeEnvironment(cacheDirectory: directory, warn: log.warn))
        let scope = try XCTUnwrap(dataConnect.backend.cacheScope(authToken: nil))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(scope.fileName)
        try Data("{\"format\": 1, \"identity\": \"x\", \"queries\": {\"q\": {\"root\": {\"e\": 5".utf8).write(to: file)

        let list = CacheRefs.list(dataConnect)
        let (cached, warnings) = try await capturingWarnings(log) { try await list.execute(fetchPolicy: .cacheOnly) }
        XCTAssertNil(cached.data)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.contains("discarding the unreadable cache file") ?? false, "\(warnings)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))

        server.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien()])))
        _ = try await list.execute()
        await dataConnect.backend.waitForPendingSaves()
        let loaded = await CacheFile.load(scope: scope, directory: directory, now: Date(), warn: log.warn)
        XCTAssertEqual(loaded?.queries.count, 1, "a valid file replaces the corrupt one")
    }

    func testAStoreOfAnotherScopeOrFormatIsNotUsed() async throws {
        let directory = try temporaryDirectory()
        let scope = CacheScope(appName: "a", projectID: "p", connector: TestEnvironment.connector, endpoint: "h:1", user: "anon")
        let other = CacheScope(appName: "a", projectID: "p", connector: TestEnvironment.connector, endpoint: "h:1", user: "uid:x")
        XCTAssertNotEqual(scope.fileName, other.fileName)
        let store = CacheStore(scope: other)
        _ = store.write(key: "q", data: .object(["a": .int(1)]), extensions: nil, requestStamp: QueryStamp.next(), now: Date(), maxBytes: 1 << 20)
        let log = WarningLog()
        await CacheFile(store: store).save(in: directory, fileName: scope.fileName, warn: log.warn)
        let loaded = await CacheFile.load(scope: scope, directory: directory, now: Date(), warn: log.warn)
        let warnings = log.all
        XCTAssertNil(loaded)
        XCTAssertTrue(warnings.first?.contains("another cache") ?? false, "\(warnings)")
    }

    func testTheStoreIsBoundedAndEvictsTheLeastRecentlyUsed() async throws {
        let directory = try temporaryDirectory()
        let server = StubServer()
        server.respond { _, index in
            let title = String(repeating: "t", count: 300) + "\(index)"
            return .json(status: 200, body: CacheSample.single(CacheSample.Movie(uuidWire: String(format: "%032x", index), title: title)))
        }
        let clock = ManualClock()
        let dataConnect = try TestEnvironment.dataConnect(
            server, settings: DataConnectSettings(cacheSettings: CacheSettings(maxAge: 3600)),
            environment: RuntimeEnvironment(clock: clock, cacheDirectory: directory, cacheMaxBytes: 4_000))
        func movie(_ index: Int) -> QueryRefObservation<MovieData, MovieVariables> {
            CacheRefs.movie(dataConnect, id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012x", index))!)
        }
        for index in 0..<5 {
            _ = try await movie(index).execute()
            clock.advance(1)
        }
        // Touch the oldest, so the next-oldest goes first.
        let kept = try await movie(0).execute(fetchPolicy: .cacheOnly)
        XCTAssertNotNil(kept.data)
        for index in 5..<10 {
            clock.advance(1)
            _ = try await movie(index).execute()
        }
        let scope = try XCTUnwrap(dataConnect.backend.cacheScope(authToken: nil))
        let estimate = await dataConnect.backend.cacheEstimatedSize(scope: scope)
        XCTAssertLessThanOrEqual(estimate, 4_000)
        let evicted = try await movie(1).execute(fetchPolicy: .cacheOnly)
        XCTAssertNil(evicted.data, "the least recently used result was evicted")
        let stillKept = try await movie(0).execute(fetchPolicy: .cacheOnly)
        XCTAssertNotNil(stillKept.data, "reading a result counts as using it")
        let newest = try await movie(9).execute(fetchPolicy: .cacheOnly)
        XCTAssertNotNil(newest.data)
        await dataConnect.backend.waitForPendingSaves()
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(scope.fileName).path)[.size] as? Int)
        XCTAssertLessThanOrEqual(size, 5_000, "the estimate bounds the file (within 25%)")
        XCTAssertGreaterThan(size, 0)
    }
}
