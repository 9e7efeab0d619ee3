import Foundation
import Observation
import XCTest
@testable import SDKGenDataConnect

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class QueryRefTests: XCTestCase {
    private func moviesRef(_ dataConnect: DataConnect) -> QueryRefObservation<MoviesData, NoVariables> {
        dataConnect.query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self, publisher: .observableMacro)
            as! QueryRefObservation<MoviesData, NoVariables>
    }

    private func titles(_ result: OperationResult<MoviesData>?) -> [String]? {
        result?.data?.movies.map(\.title)
    }

    private func titles(_ element: QuerySubscriptionElement<MoviesData>?) -> [String]? {
        guard case .success(let result)? = element else { return nil }
        return titles(result)
    }

    /// Waits (by observing, not by time) until `ref.data` shows `expected`, giving up after
    /// a few changes; the observer applies relayed results on the main actor.
    private func observedTitles(
        of ref: QueryRefObservation<MoviesData, NoVariables>, until expected: [String]
    ) async -> [String]? {
        var current: [String]?
        for _ in 0..<5 {
            let (changed, continuation) = AsyncStream.makeStream(of: Void.self)
            current = await MainActor.run {
                withObservationTracking { ref.data?.movies.map(\.title) } onChange: { continuation.yield() }
            }
            if current == expected { break }
            var iterator = changed.makeAsyncIterator()
            _ = await iterator.next()
        }
        return current
    }

    // MARK: Cache and fetch policies

    func testWithoutCacheEveryExecuteGoesToTheServer() async throws {
        let server = StubServer()
        server.enqueueData(Sample.moviesJSON(["A"]))
        server.enqueueData(Sample.moviesJSON(["B"]))
        let ref = moviesRef(try TestEnvironment.dataConnect(server))
        let value1 = titles(try await ref.execute())
        XCTAssertEqual(value1, ["A"])
        let second = try await ref.execute()
        XCTAssertEqual(titles(second), ["B"])
        XCTAssertEqual(second.source, .server)
        let cacheOnly = try await ref.execute(fetchPolicy: .cacheOnly)
        XCTAssertNil(cacheOnly.data)
        XCTAssertEqual(cacheOnly.source, .cache)
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertEqual(ref.data?.movies.map(\.title), ["B"], "an empty cache lookup leaves data alone")
    }

    func testPreferCacheServesFreshResultsFromMemory() async throws {
        let server = StubServer()
        server.enqueueData(Sample.moviesJSON(["A"]))
        server.enqueueData(Sample.moviesJSON(["B"]))
        let settings = DataConnectSettings(cacheSettings: CacheSettings(storage: .memory, maxAge: 3600))
        let ref = moviesRef(try TestEnvironment.dataConnect(server, settings: settings))

        let empty = try await ref.execute(fetchPolicy: .cacheOnly)
        XCTAssertNil(empty.data)
        XCTAssertEqual(server.requests.count, 0)

        let first = try await ref.execute()
        XCTAssertEqual(first.source, .server)
        let cached = try await ref.execute()
        XCTAssertEqual(cached.source, .cache)
        XCTAssertEqual(titles(cached), ["A"])
        XCTAssertEqual(server.requests.count, 1)

        let refreshed = try await ref.execute(fetchPolicy: .serverOnly)
        XCTAssertEqual(titles(refreshed), ["B"])
        let value2 = titles(try await ref.execute(fetchPolicy: .cacheOnly))
        XCTAssertEqual(value2, ["B"])
        XCTAssertEqual(server.requests.count, 2)
    }

    func testZeroMaxAgeMakesPreferCacheFetchButCacheOnlyStillAnswers() async throws {
        let server = StubServer()
        server.enqueueData(Sample.moviesJSON(["A"]))
        server.enqueueData(Sample.moviesJSON(["B"]))
        let settings = DataConnectSettings(cacheSettings: CacheSettings())
        let ref = moviesRef(try TestEnvironment.dataConnect(server, settings: settings))
        _ = try await ref.execute()
        let value3 = try await ref.execute().source
        XCTAssertEqual(value3, .server)
        let stale = try await ref.execute(fetchPolicy: .cacheOnly)
        XCTAssertEqual(stale.source, .cache)
        XCTAssertEqual(titles(stale), ["B"])
        XCTAssertEqual(server.requests.count, 2)
    }

    func testFailedRefreshKeepsTheCachedResult() async throws {
        let server = StubServer()
        server.enqueueData(Sample.moviesJSON(["A"]))
        server.enqueue(.json(status: 503, body: "{}"))
        let settings = DataConnectSettings(cacheSettings: CacheSettings(maxAge: 3600))
        let ref = moviesRef(try TestEnvironment.dataConnect(server, settings: settings))
        _ = try await ref.execute()
        _ = try await expectError(DataConnectTransportError.self) { _ = try await ref.execute(fetchPolicy: .serverOnly) }
        let value4 = titles(try await ref.execute(fetchPolicy: .cacheOnly))
        XCTAssertEqual(value4, ["A"])
        XCTAssertEqual(ref.data?.movies.map(\.title), ["A"])
        XCTAssertNotNil(ref.lastError)
    }

    // MARK: Observation

    func testObservationReportsDataSourceAndLastError() async throws {
        let server = StubServer()
        server.enqueueData(Sample.moviesJSON(["A"]))
        server.enqueue(.json(status: 500, body: "{\"error\": {\"message\": \"down\"}}"))
        server.enqueueData(Sample.moviesJSON(["C"]))
        let ref = moviesRef(try TestEnvironment.dataConnect(server))
        let changes = Locked<[String]>([])

        withObservationTracking { _ = ref.data } onChange: { changes.withLock { $0.append("data") } }
        withObservationTracking { _ = ref.source } onChange: { changes.withLock { $0.append("source") } }
        XCTAssertNil(ref.data)
        _ = try await ref.execute()
        XCTAssertEqual(changes.withLock { $0 }.sorted(), ["data", "source"])
        XCTAssertEqual(ref.data?.movies.map(\.title), ["A"])
        XCTAssertEqual(ref.source, .server)
        XCTAssertNil(ref.lastError)

        changes.withLock { $0 = [] }
        withObservationTracking { _ = ref.lastError } onChange: { changes.withLock { $0.append("lastError") } }
        withObservationTracking { _ = ref.data } onChange: { changes.withLock { $0.append("data") } }
        _ = try await expectError(DataConnectTransportError.self) { _ = try await ref.execute() }
        XCTAssertEqual(changes.withLock { $0 }, ["lastError"], "a failure leaves data untouched")
        XCTAssertEqual((ref.lastError as? DataConnectTransportError)?.message, "HTTP 500: down")
        XCTAssertEqual(ref.data?.movies.map(\.title), ["A"])

        changes.withLock { $0 = [] }
        withObservationTracking { _ = ref.lastError } onChange: { changes.withLock { $0.append("lastError") } }
        _ = try await ref.execute()
        // The data tracking from the failed attempt is still armed and fires now.
        XCTAssertEqual(changes.withLock { $0 }.sorted(), ["data", "lastError"])
        XCTAssertNil(ref.lastError)
        XCTAssertEqual(ref.data?.movies.map(\.title), ["C"])
    }

    func testUnreadRefStateFollowsUpdatesWithoutTheMainActor() async throws {
        let server = StubServer()
        let ref = moviesRef(try TestEnvironment.dataConnect(server))
        server.enqueueData(Sample.moviesJSON(["A"]))
        // The main actor stays busy meanwhile: only state set off it can show.
        let release = DispatchSemaphore(value: 0)
        let (busy, busyContinuation) = AsyncStream.makeStream(of: Void.self)
        Task { @MainActor in
            busyContinuation.yield()
            _ = release.wait(timeout: .now() + 30)
        }
        defer { release.signal() }
        var busyIterator = busy.makeAsyncIterator()
        _ = await busyIterator.next()
        let stream = try await ref.subscribeStream()
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
        XCTAssertEqual(ref.data?.movies.map(\.title), ["A"])
        XCTAssertEqual(ref.source, .server)
        stream.cancel()
    }

    func testDescriptionNamesTheOperation() throws {
        let ref = moviesRef(try TestEnvironment.dataConnect(StubServer()))
        XCTAssertEqual(ref.description, "QueryRefObservation(ListMovies)")
    }

    // MARK: Subscriptions

    func testSubscribeDeliversCurrentResultThenEveryLaterOne() async throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server)
        let ref = moviesRef(dataConnect)
        let mutation = dataConnect.mutation(name: "AddMovie", variables: NoVariables(), resultsDataType: InsertData.self)
        server.enqueueData(Sample.moviesJSON(["A"]))
        _ = try await ref.execute()

        server.enqueueData(Sample.moviesJSON(["B"]))
        let stream = try await ref.subscribeStream()
        var iterator = stream.makeAsyncIterator()
        let current = await iterator.next()
        XCTAssertEqual(titles(current), ["A"])
        if case .success(let result)? = current { XCTAssertEqual(result.source, .cache) }
        let value5 = titles(await iterator.next())
        XCTAssertEqual(value5, ["B"], "the first subscriber fetches from the server")

        server.enqueueData(Sample.moviesJSON(["C"]))
        _ = try await ref.execute(fetchPolicy: .serverOnly)
        let value6 = titles(await iterator.next())
        XCTAssertEqual(value6, ["C"])

        server.enqueueData("{\"movie_insert\": {\"id\": \"\(Sample.uuidWire)\"}}")
        server.enqueueData(Sample.moviesJSON(["C", "D"]))
        _ = try await mutation.execute()
        let value7 = titles(await iterator.next())
        XCTAssertEqual(value7, ["C", "D"], "a mutation re-executes subscribed queries")

        server.enqueue(.json(status: 500, body: "{}"))
        _ = try? await ref.execute(fetchPolicy: .serverOnly)
        guard case .failure(let failure)? = await iterator.next() else {
            return XCTFail("expected the failed refresh to be delivered")
        }
        XCTAssertEqual((failure.dataConnectError as? DataConnectTransportError)?.statusCode, 500)

        let subscribed = await ref.core.subscriberCount
        XCTAssertEqual(subscribed, 1)
        stream.cancel()
        let afterCancel = await iterator.next()
        XCTAssertNil(afterCancel)
        let released = await eventually {
            let (subscribers, live) = (await ref.core.subscriberCount, await dataConnect.backend.liveQueryCount)
            return subscribers == 0 && live == 0
        }
        XCTAssertTrue(released, "a cancelled query has no subscriber and is no longer refreshed by mutations")
        XCTAssertEqual(server.requests.count, 6)
    }

    func testSubscribeWithoutResultFetchesFirst() async throws {
        let server = StubServer()
        server.enqueueData(Sample.moviesJSON(["A"]))
        let ref = moviesRef(try TestEnvironment.dataConnect(server))
        let stream = try await ref.subscribeStream()
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        XCTAssertEqual(titles(first), ["A"])
        if case .success(let result)? = first { XCTAssertEqual(result.source, .server) }
        stream.cancel()
    }

    func testSubscribeWithFreshCacheDoesNotFetch() async throws {
        let server = StubServer()
        server.enqueueData(Sample.moviesJSON(["A"]))
        let settings = DataConnectSettings(cacheSettings: CacheSettings(maxAge: 3600))
        let ref = moviesRef(try TestEnvironment.dataConnect(server, settings: settings))
        _ = try await ref.execute()
        let stream = try await ref.subscribeStream()
        var iterator = stream.makeAsyncIterator()
        let value8 = titles(await iterator.next())
        XCTAssertEqual(value8, ["A"])
        // The next delivery is this explicit refresh, so no fetch was started in between.
        server.enqueueData(Sample.moviesJSON(["B"]))
        _ = try await ref.execute(fetchPolicy: .serverOnly)
        let value9 = titles(await iterator.next())
        XCTAssertEqual(value9, ["B"])
        XCTAssertEqual(server.requests.count, 2)
        stream.cancel()
    }

    func testCancellingTheIteratingTaskEndsTheSubscription() async throws {
        let server = StubServer()
        server.respond { _, _ in .json(status: 200, body: "{\"data\": \(Sample.moviesJSON(["A"]))}") }
        let dataConnect = try TestEnvironment.dataConnect(server)
        let ref = moviesRef(dataConnect)
        let stream = try await ref.subscribeStream()
        let received = Locked(0)
        let task = Task {
            for await _ in stream {
                received.withLock { $0 += 1 }
            }
        }
        let subscribed = await ref.core.subscriberCount
        XCTAssertEqual(subscribed, 1)
        task.cancel()
        await task.value
        let released = await eventually {
            let (subscribers, live) = (await ref.core.subscriberCount, await dataConnect.backend.liveQueryCount)
            return subscribers == 0 && live == 0
        }
        XCTAssertTrue(released)
    }

    func testReleasingTheStreamEndsTheSubscription() async throws {
        let server = StubServer()
        server.respond { _, _ in .json(status: 200, body: "{\"data\": \(Sample.moviesJSON(["A"]))}") }
        let ref = moviesRef(try TestEnvironment.dataConnect(server))
        do {
            _ = try await ref.subscribeStream()
        }
        let released = await eventually { await ref.core.subscriberCount == 0 }
        XCTAssertTrue(released)
    }

    func testSubscriptionUpdatesObservedData() async throws {
        let server = StubServer()
        let dataConnect = try TestEnvironment.dataConnect(server)
        let ref = moviesRef(dataConnect)
        server.enqueueData(Sample.moviesJSON(["A"]))
        let stream = try await ref.subscribeStream()
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
        // Read before the update: from then on the ref changes on the main actor, once per update.
        let changes = Locked<[Bool]>([])
        let shown = await MainActor.run {
            withObservationTracking { ref.data?.movies.map(\.title) } onChange: { changes.withLock { $0.append(Thread.isMainThread) } }
        }
        XCTAssertEqual(shown, ["A"])

        server.enqueueData("{\"movie_insert\": {\"id\": \"\(Sample.uuidWire)\"}}")
        server.enqueueData(Sample.moviesJSON(["A", "B"]))
        _ = try await dataConnect.mutation(name: "AddMovie", variables: NoVariables(), resultsDataType: InsertData.self).execute()
        let value = titles(await iterator.next())
        XCTAssertEqual(value, ["A", "B"])
        let changed = await eventually { changes.withLock { !$0.isEmpty } }
        XCTAssertTrue(changed)
        XCTAssertEqual(changes.withLock { $0 }, [true], "one change, on the main thread")
        let observed = await observedTitles(of: ref, until: ["A", "B"])
        XCTAssertEqual(observed, ["A", "B"])
        stream.cancel()
    }

    // MARK: Concurrency

    func testCancelledExecuteIsNotRecorded() async throws {
        let server = StubServer()
        let (entered, enteredContinuation) = AsyncStream.makeStream(of: Void.self)
        let dataConnect = try TestEnvironment.dataConnect(server, authTokenProvider: { _ in
            enteredContinuation.yield()
            // A provider that never answers: iterating a stream nothing feeds ends only when the
            // task is cancelled.
            let (silence, continuation) = AsyncStream.makeStream(of: Void.self)
            for await _ in silence {}
            continuation.finish()
            throw CancellationError()
        })
        let ref = moviesRef(dataConnect)
        let task = Task { try await ref.execute() }
        var iterator = entered.makeAsyncIterator()
        _ = await iterator.next()
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertNil(ref.lastError)
        XCTAssertTrue(server.requests.isEmpty)
    }

    func testManyConcurrentExecutesOnOneRef() async throws {
        let server = StubServer()
        server.respond { _, index in .json(status: 200, body: "{\"data\": \(Sample.moviesJSON(["r\(index)"]))}") }
        let ref = moviesRef(try TestEnvironment.dataConnect(server))
        let stream = try await ref.subscribeStream()
        var iterator = stream.makeAsyncIterator()
        let value11 = titles(await iterator.next())
        XCTAssertEqual(value11, ["r0"])

        let count = 40
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<count {
                group.addTask { try await ref.execute(fetchPolicy: .serverOnly).data?.movies.first?.title ?? "" }
            }
            var titles: [String] = []
            for try await title in group { titles.append(title) }
            return titles
        }
        let expected = Set((1...count).map { "r\($0)" })
        XCTAssertTrue(Set(results).isSubset(of: expected), "\(results)")
        XCTAssertFalse(results.contains(""))

        // A response overtaken by the response of a later request is not shown, so fewer than
        // `count` results may be delivered, never a duplicate. A last refresh marks the end.
        server.respond { _, _ in .json(status: 200, body: "{\"data\": \(Sample.moviesJSON(["end"]))}") }
        _ = try await ref.execute(fetchPolicy: .serverOnly)
        var delivered: [String] = []
        while let title = titles(await iterator.next())?.first, title != "end" {
            delivered.append(title)
        }
        XCTAssertFalse(delivered.isEmpty)
        XCTAssertEqual(Set(delivered).count, delivered.count)
        XCTAssertTrue(Set(delivered).isSubset(of: expected))
        let observed = await observedTitles(of: ref, until: ["end"])
        XCTAssertEqual(observed, ["end"], "data shows the last recorded result")
        XCTAssertEqual(server.requests.count, count + 2)
        stream.cancel()
    }
}
