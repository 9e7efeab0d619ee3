import Foundation
import XCTest
@testable import SDKGenDataConnect

/// Stream faults against the loopback server (docs/realtime.md, "Faults"): whatever the
/// stream does, a subscriber gets the query's data over REST, and the stream takes over
/// again when it recovers. Timers run on a manual clock; waits only bound failures.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class StreamFaultTests: XCTestCase {
    private func server(port: Int = 0) throws -> StreamTestServer {
        let server = try StreamTestServer(framing: .production, port: port)
        addTeardownBlock { server.stop() }
        return server
    }

    /// A subscription whose REST fallback is visible: the cache never counts as fresh, so
    /// every fallback goes to the server.
    private func harness(_ server: StreamTestServer) throws -> StreamHarness {
        try StreamHarness(port: server.port, policy: StreamHarness.noKeepalive, maxAge: 0)
    }

    private static func titles(_ collector: StreamCollector<MoviesData>) -> [String]? {
        CacheRefs.titles(collector.elements.last)
    }

    /// Waits until the newest element shows `titles`.
    private func waitForTitles(_ collector: StreamCollector<MoviesData>, _ titles: [String], _ message: String,
                               file: StaticString = #filePath, line: UInt = #line) async {
        let shown = await eventually { Self.titles(collector) == titles }
        XCTAssertTrue(shown, "\(message): expected \(titles), got \(collector.elements)", file: file, line: line)
    }

    private func waitForStreamed(_ harness: StreamHarness, file: StaticString = #filePath, line: UInt = #line) async {
        let core = CacheRefs.list(harness.dataConnect).core
        let streamed = await eventually { await core.isStreamed }
        XCTAssertTrue(streamed, "the stream serves the query again", file: file, line: line)
    }

    func testARefusedUpgradeIsFetchedOverRESTLoggedOnceAndTheStreamTakesOverWhenItIsBack() async throws {
        for status in [404, 503] {
            let server = try server()
            server.refuseUpgrades(status: status)
            server.answerREST { _ in CacheSample.list([CacheSample.alien()]) }
            server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
            let harness = try harness(server)
            let (collector, warnings) = try await capturingWarnings(harness.warnings) { () async throws -> StreamCollector<MoviesData> in
                let collector = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
                await waitForTitles(collector, ["Alien"], "HTTP \(status): fetched over REST at once")
                // Three more refused attempts, 1, 1.5 and 2.25 s apart.
                for delay in [1, 1.5, 2.25] {
                    _ = await eventually { harness.clock.pendingDelays.contains(delay) }
                    harness.clock.advance(delay)
                }
                _ = await eventually { harness.clock.pendingDelays.contains(3.375) }
                return collector
            }
            XCTAssertEqual(warnings.filter { $0.contains("upgrade was refused") }.count, 1, "HTTP \(status): \(warnings)")
            XCTAssertTrue(warnings.contains { $0.contains("\(status)") }, "the warning names the status: \(warnings)")
            XCTAssertEqual(server.connections.count, 0)
            let streamed = await CacheRefs.list(harness.dataConnect).core.isStreamed
            XCTAssertFalse(streamed)

            server.refuseUpgrades(status: nil)
            let shownBefore = collector.elements.count
            harness.clock.advance(3.375)
            await waitForStreamed(harness)
            XCTAssertEqual(collector.elements.count, shownBefore, "HTTP \(status): the unchanged answer is not delivered again")
            server.pushToAll { _ in CacheSample.list([CacheSample.brazil()]) }
            await waitForTitles(collector, ["Brazil"], "HTTP \(status): pushes arrive after the takeover")
        }
    }

    func testAnAcceptedButSilentStreamIsFetchedOverRESTWhileItKeepsTrying() async throws {
        let server = try server()
        server.answerREST { _ in CacheSample.list([CacheSample.alien()]) }
        let harness = try harness(server)
        let collector = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
        let subscribed = await server.message(on: 0) { $0["subscribe"] != nil }
        XCTAssertNotNil(subscribed)
        XCTAssertTrue(collector.elements.isEmpty)
        XCTAssertTrue(server.restOperations.isEmpty, "no REST while the answer is not yet due")

        _ = await eventually { harness.clock.pendingDelays.contains(5) }
        harness.clock.advance(5)
        await waitForTitles(collector, ["Alien"], "fetched over REST once the answer is 5 s late")
        XCTAssertEqual(server.restOperations, ["ListMovies"])
        XCTAssertFalse(server.connections[0].isClosed, "the connection stays for a late answer")

        server.push(CacheSample.list([CacheSample.brazil()]), requestID: "1")
        await waitForTitles(collector, ["Brazil"], "the late answer takes over")
        await waitForStreamed(harness)
    }

    /// Each fault ends the connection: the subscriber gets the server's data over REST at
    /// once, the stream reconnects after 1 s and takes over, and pushes arrive again.
    func testEveryConnectionFaultFallsBackToRESTAndRecovers() async throws {
        let faults: [(String, @Sendable (StreamTestServer.Connection) -> Void)] = [
            ("close 1000", { $0.sendClose(code: 1000) }),
            ("close 1001", { $0.sendClose(code: 1001) }),
            ("close 1011", { $0.sendClose(code: 1011) }),
            ("TCP reset mid-frame", { $0.resetMidFrame() }),
            ("garbage frame", { $0.write([0xF3, 0x05, 1, 2, 3, 4, 5]) }),
            ("oversized frame", { $0.write([0x82, 127, 0, 0, 0x01, 0, 0, 0, 0, 0]) }),
        ]
        for (name, inject) in faults {
            let server = try server()
            let version = Locked("Alien")
            server.answerSubscribe { _ in CacheSample.list([CacheSample.alien(version.withLock { $0 })]) }
            server.answerREST { _ in CacheSample.list([CacheSample.alien(version.withLock { $0 })]) }
            let harness = try harness(server)
            let collector = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
            await waitForTitles(collector, ["Alien"], "\(name): the stream's answer")
            await waitForStreamed(harness)
            XCTAssertTrue(server.restOperations.isEmpty, "\(name): a working stream needs no REST")

            version.withLock { $0 = "Alien (during the outage)" }
            let connection = try XCTUnwrap(server.connections.first)
            inject(connection)
            await waitForTitles(collector, ["Alien (during the outage)"], "\(name): fetched over REST at once")
            let streamed = await CacheRefs.list(harness.dataConnect).core.isStreamed
            XCTAssertFalse(streamed, name)

            let shownBefore = collector.elements.count
            _ = await eventually { harness.clock.pendingDelays.contains(1) }
            harness.clock.advance(1)
            await waitForStreamed(harness)
            XCTAssertEqual(server.connections.count, 2, "\(name): one reconnect")
            XCTAssertEqual(collector.elements.count, shownBefore, "\(name): the unchanged answer is not delivered again")
            server.pushToAll { _ in CacheSample.list([CacheSample.brazil()]) }
            await waitForTitles(collector, ["Brazil"], "\(name): pushes arrive after recovery")
            XCTAssertFalse(collector.finished, name)
        }
    }

    func testAServerCancellationForAnotherReasonThanAuthFallsBackToREST() async throws {
        let server = try server()
        server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
        server.answerREST { _ in CacheSample.list([CacheSample.alien("Alien (schema v2)")]) }
        let harness = try harness(server)
        let collector = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
        await waitForTitles(collector, ["Alien"], "the stream's answer")

        server.push("{}", requestID: "1", cancelled: true)
        await waitForTitles(collector, ["Alien (schema v2)"], "fetched over REST")
        XCTAssertFalse(collector.finished, "the subscription stays")
        let streamed = await CacheRefs.list(harness.dataConnect).core.isStreamed
            XCTAssertFalse(streamed)
    }

    /// The server is gone for a while and comes back on the same port: subscribers keep
    /// their data (REST fails too meanwhile, so they see the error), the stream recovers, and
    /// a mutation made from outside after that reaches every subscriber.
    func testAServerGoneForSecondsAndBackOnTheSamePortServesEverySubscriberAgain() async throws {
        let first = try server()
        let port = first.port
        let answer: @Sendable (String) -> String = { operation in
            operation == "ListMovies" ? CacheSample.list([CacheSample.alien()]) : CacheSample.single(CacheSample.alien())
        }
        first.answerSubscribe(answer)
        let harness = try harness(first)
        let list = CacheRefs.list(harness.dataConnect)
        let subscribers = [
            StreamCollector(try await list.subscribeStream()),
            StreamCollector(try await list.subscribeStream()),
        ]
        let movie = StreamCollector(try await CacheRefs.movie(harness.dataConnect).subscribeStream())
        for subscriber in subscribers { await waitForTitles(subscriber, ["Alien"], "first answer") }
        await movie.waitFor(1)

        first.stop()
        let failed = await eventually { subscribers.allSatisfy { if case .failure = $0.elements.last { true } else { false } } }
        XCTAssertTrue(failed, "REST is down too: the fallback reports it, the data stays shown")
        // Three failed reconnects while it is away.
        for delay in [1, 1.5, 2.25] {
            _ = await eventually { harness.clock.pendingDelays.contains(delay) }
            harness.clock.advance(delay)
        }
        _ = await eventually { harness.clock.pendingDelays.contains(3.375) }

        let server = try self.server(port: port)
        server.answerSubscribe(answer)
        harness.clock.advance(3.375)
        await waitForStreamed(harness)
        let resubscribed = await eventually { server.connections.first?.messages.filter { $0["subscribe"] != nil }.count == 2 }
        XCTAssertTrue(resubscribed, "both queries are subscribed again")

        server.pushToAll { operation in
            operation == "ListMovies" ? CacheSample.list([CacheSample.brazil()]) : CacheSample.single(CacheSample.alien("Alien (restored)"))
        }
        for subscriber in subscribers { await waitForTitles(subscriber, ["Brazil"], "the outside change reaches every list subscriber") }
        let movieUpdated = await eventually {
            if case .success(let result)? = movie.elements.last { return result.data?.movie?.title == "Alien (restored)" }
            return false
        }
        XCTAssertTrue(movieUpdated, "\(movie.elements)")
    }
}
