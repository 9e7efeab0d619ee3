import Foundation
import XCTest
@_spi(RealtimeBenchmark) @testable import SDKGenDataConnect

/// The realtime stream end to end: real `DataConnect` refs, the runtime's own `ws://`
/// client and a loopback server over real sockets. Timers run on a manual clock; waits
/// only bound failures.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class StreamLoopbackTests: XCTestCase {
    private static let expectedPath =
        "/ws/google.firebase.dataconnect.v1.ConnectorStreamService.Connect/realtime-project/locations/europe-west1/services/stacks"

    /// A harness on `server`, which answers the movie list with Alien, and a collector of the list's
    /// stream holding its first result.
    private func subscribedToList(on server: StreamTestServer) async throws -> (StreamHarness, StreamCollector<MoviesData>) {
        server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
        let harness = try StreamHarness(port: server.port)
        let collector = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
        await collector.waitFor(1)
        return (harness, collector)
    }

    private func server(_ framing: StreamTestServer.Framing) throws -> StreamTestServer {
        let server = try StreamTestServer(framing: framing)
        addTeardownBlock { server.stop() }
        return server
    }

    private func isSubscribe(_ operationName: String) -> @Sendable (JSONValue) -> Bool {
        { $0["subscribe"]?["operationName"]?.stringValue == operationName }
    }

    private static func titles(_ element: QuerySubscriptionElement<MoviesData>?) -> [String]? {
        CacheRefs.titles(element)
    }

    // MARK: Subscribe and push

    func testSubscribeOpensOneConnectionWithTheInitFrameAndDeliversTheInitialResult() async throws {
        let server = try server(.production)
        server.answerSubscribe { _ in CacheSample.list([CacheSample.alien(), CacheSample.brazil()]) }
        let token = StreamTokens.idToken(uid: "ada", expiry: Date(timeIntervalSince1970: 1_800_003_600))
        let harness = try StreamHarness(
            port: server.port, authTokenProvider: { _ in token }, appCheckTokenProvider: { "app-check-token" })
        let collector = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())

        let elements = await collector.waitFor(1)
        XCTAssertEqual(Self.titles(elements.first), ["Alien", "Brazil"])
        XCTAssertEqual(CacheRefs.source(elements.first), .server)

        let connectionFound = await server.connection(0)
        let connection = try XCTUnwrap(connectionFound)
        XCTAssertEqual(connection.path, Self.expectedPath)
        let initial = try XCTUnwrap(connection.messages.first)
        XCTAssertEqual(initial["name"]?.stringValue, "projects/realtime-project/locations/europe-west1/services/stacks/connectors/city-library")
        XCTAssertNil(initial["requestId"])
        let headers = initial["headers"]
        XCTAssertEqual(headers?["X-Firebase-Auth-Token"]?.stringValue, token)
        XCTAssertEqual(headers?["X-Firebase-AppCheck"]?.stringValue, "app-check-token")
        XCTAssertEqual(headers?["x-firebase-gmpid"]?.stringValue, "1:123:ios:abc")
        XCTAssertEqual(headers?["X-Client-Version"]?.stringValue, "swift/\(RuntimeInfo.version)")
        let subscribe = try XCTUnwrap(connection.messages.dropFirst().first)
        XCTAssertEqual(subscribe["requestId"]?.stringValue, "1")
        XCTAssertEqual(subscribe["subscribe"]?["operationName"]?.stringValue, "ListMovies")
        XCTAssertEqual(subscribe["subscribe"]?["variables"], .object([:]))
        XCTAssertEqual(server.connections.count, 1)
    }

    func testPushesInBothFramingsAreDecodedAndWrittenToTheCache() async throws {
        for framing in [StreamTestServer.Framing.production, .emulator] {
            let server = try server(framing)
            server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
            let harness = try StreamHarness(port: server.port)
            let list = CacheRefs.list(harness.dataConnect)
            let collector = StreamCollector(try await list.subscribeStream())
            await collector.waitFor(1)

            server.push(CacheSample.list([CacheSample.alien("Alien (1979)"), CacheSample.brazil()]), requestID: "1")
            let elements = await collector.waitFor(2)
            XCTAssertEqual(Self.titles(elements.last), ["Alien (1979)", "Brazil"], "\(framing)")
            XCTAssertEqual(CacheRefs.source(elements.last), .server)
            let cached = try await list.execute(fetchPolicy: .cacheOnly)
            XCTAssertEqual(CacheRefs.titles(cached), ["Alien (1979)", "Brazil"], "\(framing): the push went into the cache")
        }
    }

    func testAPushRepublishesOtherQueriesSharingAnEntity() async throws {
        let server = try server(.production)
        server.answerSubscribe { operation in
            operation == "ListMovies" ? CacheSample.list([CacheSample.alien(), CacheSample.brazil()]) : CacheSample.single(CacheSample.alien())
        }
        let harness = try StreamHarness(port: server.port)
        let list = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
        let movie = StreamCollector(try await CacheRefs.movie(harness.dataConnect).subscribeStream())
        await list.waitFor(1)
        await movie.waitFor(1)
        let movieRequestFound = await server.message(on: 0, isSubscribe("GetMovie"))
        let movieRequest = try XCTUnwrap(movieRequestFound)

        server.push(CacheSample.single(CacheSample.alien("Alien: Director's Cut")), requestID: movieRequest["requestId"]?.stringValue ?? "")
        let republished = await list.waitFor(2)
        XCTAssertEqual(Self.titles(republished.last), ["Alien: Director's Cut", "Brazil"])
        XCTAssertEqual(CacheRefs.source(republished.last), .cache)
    }

    func testTwoSubscribersOfOneQueryShareOneServerSubscription() async throws {
        let server = try server(.emulator)
        server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
        let harness = try StreamHarness(port: server.port)
        let list = CacheRefs.list(harness.dataConnect)
        let first = StreamCollector(try await list.subscribeStream())
        await first.waitFor(1)
        let second = StreamCollector(try await list.subscribeStream())
        await second.waitFor(1)

        server.push(CacheSample.list([CacheSample.brazil()]), requestID: "1")
        let received1 = await first.waitFor(2)
        XCTAssertEqual(Self.titles(received1.last), ["Brazil"])
        let received2 = await second.waitFor(2)
        XCTAssertEqual(Self.titles(received2.last), ["Brazil"])
        let subscribes = server.connections.flatMap(\.messages).filter(isSubscribe("ListMovies"))
        XCTAssertEqual(subscribes.count, 1)
        let subscriptions1 = await harness.subscriptionCount
        XCTAssertEqual(subscriptions1, 1)
        let streamed = await list.core.isStreamed
        XCTAssertTrue(streamed)
    }

    func testARefOfAnotherResultTypeJoinsTheSubscriptionWithResume() async throws {
        struct TitlesOnly: Decodable, Sendable {
            struct Movie: Decodable, Sendable { var title: String }
            var movies: [Movie]
        }
        let server = try server(.production)
        server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
        let harness = try StreamHarness(port: server.port)
        let first = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
        await first.waitFor(1)
        server.answerSubscribe { _ in CacheSample.list([CacheSample.brazil()]) }
        let other = harness.dataConnect.query(
            name: "ListMovies", variables: NoVariables(), resultsDataType: TitlesOnly.self, publisher: .observableMacro)
            as! QueryRefObservation<TitlesOnly, NoVariables>
        let second = StreamCollector(try await other.subscribeStream())

        let resume = await server.message(on: 0) { $0["resume"] != nil }
        XCTAssertEqual(resume?["requestId"]?.stringValue, "1")
        // The cached list first, then the server's current result, re-sent for the resume
        // (possibly after the same result republished from the cache by the first ref).
        let resent = await eventually {
            second.elements.contains { element in
                guard case .success(let result) = element else { return false }
                return result.source == .server && result.data?.movies.map(\.title) == ["Brazil"]
            }
        }
        XCTAssertTrue(resent, "\(second.elements)")
        XCTAssertEqual(server.connections.flatMap(\.messages).filter(isSubscribe("ListMovies")).count, 1)
    }

    func testGraphQLErrorsInAPushAreDeliveredAndTheSubscriptionStays() async throws {
        let server = try server(.production)
        server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
        let harness = try StreamHarness(port: server.port)
        let collector = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
        await collector.waitFor(1)

        server.push("{\"data\": null, \"errors\": [{\"message\": \"permission denied\"}]}", requestID: "1")
        let elements = await collector.waitFor(2)
        guard case .failure(let error) = elements.last else { return XCTFail("expected a failure, got \(String(describing: elements.last))") }
        XCTAssertTrue(error.dataConnectError is DataConnectOperationError)
        server.push(CacheSample.list([CacheSample.brazil()]), requestID: "1")
        let received3 = await collector.waitFor(3)
        XCTAssertEqual(Self.titles(received3.last), ["Brazil"])
        XCTAssertFalse(collector.finished)
    }

    func testMalformedFramesAreIgnoredAndTheConnectionKeepsWorking() async throws {
        let server = try server(.production)
        server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
        let harness = try StreamHarness(port: server.port)
        let (collector, warnings) = try await capturingWarnings(harness.warnings) { () async throws -> StreamCollector<MoviesData> in
            let collector = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
            await collector.waitFor(1)
            let connection = try XCTUnwrap(server.connections.first)
            for garbage in ["not json", "[1,2]", "{\"data\":{}}", "{\"result\": 5}", "{\"requestId\": \"99\", \"data\": {}}"] {
                connection.write(WebSocketFrame(fin: true, opcode: .text, payload: Array(garbage.utf8)))
            }
            connection.write(WebSocketFrame(fin: true, opcode: .binary, payload: [0xFF, 0xFE, 0x00]))
            server.push(CacheSample.list([CacheSample.brazil()]), requestID: "1")
            await collector.waitFor(2)
            return collector
        }
        XCTAssertEqual(Self.titles(collector.elements.last), ["Brazil"])
        XCTAssertEqual(collector.elements.count, 2, "garbage produced no elements")
        XCTAssertEqual(warnings.filter { $0.contains("ignoring a realtime") }.count, 6, "\(warnings)")
        XCTAssertEqual(server.connections.count, 1, "garbage JSON does not cost the connection")
    }

    // MARK: Ending subscriptions

    func testTheLastUnsubscribeSendsCancelAndTheConnectionClosesWhenIdle() async throws {
        let server = try server(.production)
        server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
        let harness = try StreamHarness(port: server.port)
        let stream = try await CacheRefs.list(harness.dataConnect).subscribeStream()
        let collector = StreamCollector(stream)
        await collector.waitFor(1)

        stream.cancel()
        let cancel = await server.message(on: 0) { $0["cancel"] != nil }
        XCTAssertEqual(cancel?["requestId"]?.stringValue, "1")
        let connection = try XCTUnwrap(server.connections.first)
        XCTAssertFalse(connection.isClosed)
        harness.clock.advance(14)
        XCTAssertFalse(connection.isClosed, "the connection stays open for 15 s after the last subscription")
        harness.clock.advance(1)
        let closed = await eventually { connection.isClosed }
        XCTAssertTrue(closed)
        let subscriptions0 = await harness.subscriptionCount
        XCTAssertEqual(subscriptions0, 0)
    }

    func testServerCancelledForAuthEndsTheSubscriptionWithATypedError() async throws {
        let server = try server(.emulator)
        let (harness, collector) = try await subscribedToList(on: server)

        // A result pushed just before the cancel still reaches the subscriber, before the end.
        server.push(CacheSample.list([CacheSample.alien("Changed")]), requestID: "1")
        server.push("{\"errors\": [{\"message\": \"denied\", \"extensions\": {\"code\": \"PERMISSION_DENIED\"}}]}", requestID: "1", cancelled: true)
        await collector.waitUntilFinished()
        XCTAssertEqual(collector.elements.map { CacheRefs.titles($0) }, [["Alien"], ["Changed"], nil])
        guard case .failure(let error)? = collector.elements.last else { return XCTFail("expected a final failure") }
        XCTAssertEqual((error.dataConnectError as? DataConnectRealtimeError)?.code, .cancelledByServer)
        let subscriptions0 = await harness.subscriptionCount
        XCTAssertEqual(subscriptions0, 0)
    }

    func testDeletingTheAppEndsSubscriptionsAndClosesTheStream() async throws {
        let server = try server(.production)
        let (harness, collector) = try await subscribedToList(on: server)
        DataConnectApp.app(name: harness.dataConnect.backend.appName)?.delete()
        await collector.waitUntilFinished()
        XCTAssertEqual(collector.elements.map { CacheRefs.titles($0) }, [["Alien"], nil])
        guard case .failure(let error)? = collector.elements.last else { return XCTFail("expected a final failure") }
        XCTAssertEqual((error.dataConnectError as? DataConnectInitError)?.code, .appNotConfigured)
        let closed = await eventually { server.connections.allSatisfy(\.isClosed) }
        XCTAssertTrue(closed, "the stream's connection closes")
    }

    func testAChangeOfSignedInUserEndsSubscriptions() async throws {
        let server = try server(.production)
        server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
        let expiry = Date(timeIntervalSince1970: 1_800_000_000 + 3600)
        let tokens = Locked([StreamTokens.idToken(uid: "ada", expiry: expiry)])
        let harness = try StreamHarness(
            port: server.port, authTokenProvider: { _ in tokens.withLock { $0.last } }, policy: StreamHarness.noKeepalive)
        let collector = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
        await collector.waitFor(1)

        tokens.withLock { $0.append(StreamTokens.idToken(uid: "grace", expiry: expiry)) }
        harness.clock.advance(3600 - 300)
        await collector.waitUntilFinished()
        guard case .failure(let error)? = collector.elements.last else { return XCTFail("expected a final failure") }
        XCTAssertEqual((error.dataConnectError as? DataConnectRealtimeError)?.code, .userChanged)
        let closed = await eventually { server.connections.first?.isClosed == true }
        XCTAssertTrue(closed, "the old user's connection is closed")
        XCTAssertEqual(server.connections.count, 1, "the refresh found the new user; no reconnect")
        let newToken = tokens.withLock { $0.last }
        XCTAssertFalse(server.connections.flatMap(\.messages).contains { $0["headers"]?["X-Firebase-Auth-Token"]?.stringValue == newToken })
    }

    func testATokenOfAnotherUserSeenOnARESTRequestEndsSubscriptionsAtOnce() async throws {
        let server = try server(.production)
        server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
        let expiry = Date(timeIntervalSince1970: 1_800_000_000 + 3600)
        let ada = StreamTokens.idToken(uid: "ada", expiry: expiry)
        let harness = try StreamHarness(port: server.port, authTokenProvider: { _ in ada }, policy: StreamHarness.noKeepalive)
        let collector = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
        await collector.waitFor(1)

        let adaAgain = StreamTokens.idToken(uid: "ada", expiry: expiry.addingTimeInterval(60), version: 2)
        harness.tokenObserved(adaAgain)
        let refresh = await server.message(on: 0) { $0["requestId"]?.stringValue == "auth-1" }
        XCTAssertEqual(refresh?["headers"]?["X-Firebase-Auth-Token"]?.stringValue, adaAgain, "a newer token of the same user goes in band")
        XCTAssertFalse(collector.finished)

        // An older token (a request in flight before the stream's token) changes nothing.
        harness.tokenObserved(StreamTokens.idToken(uid: "grace", expiry: expiry))
        harness.tokenObserved(ada)
        XCTAssertFalse(collector.finished)
        let subscriptions1 = await harness.subscriptionCount
        XCTAssertEqual(subscriptions1, 1)

        harness.tokenObserved(StreamTokens.idToken(uid: "grace", expiry: expiry.addingTimeInterval(120)))
        await collector.waitUntilFinished()
        guard case .failure(let error)? = collector.elements.last else { return XCTFail("expected a final failure") }
        XCTAssertEqual((error.dataConnectError as? DataConnectRealtimeError)?.code, .userChanged)
        let subscriptions0 = await harness.subscriptionCount
        XCTAssertEqual(subscriptions0, 0)
    }

    // MARK: Connection management

    func testTheTokenIsRefreshedInBandBeforeItExpires() async throws {
        let server = try server(.production)
        server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let first = StreamTokens.idToken(uid: "ada", expiry: now.addingTimeInterval(3600))
        let second = StreamTokens.idToken(uid: "ada", expiry: now.addingTimeInterval(7200), version: 1)
        let forced = Locked<[Bool]>([])
        let harness = try StreamHarness(port: server.port, authTokenProvider: { force in
            forced.withLock { $0.append(force) }
            return force ? second : first
        }, policy: StreamHarness.noKeepalive)
        let collector = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
        await collector.waitFor(1)
        XCTAssertTrue(harness.clock.pendingDelays.contains(3600 - 300), "a refresh 5 minutes before expiry: \(harness.clock.pendingDelays)")

        harness.clock.advance(3600 - 300)
        let refresh = await server.message(on: 0) { $0["requestId"]?.stringValue == "auth-1" }
        XCTAssertEqual(refresh?["headers"]?["X-Firebase-Auth-Token"]?.stringValue, second)
        XCTAssertNil(refresh?["subscribe"])
        XCTAssertEqual(forced.withLock { $0 }.last, true, "an unchanged token is force-refreshed")
        XCTAssertFalse(collector.finished, "the same user keeps the subscription")
        let rescheduled = await eventually { harness.clock.pendingDelays.contains(7200 - 300 - 3300) }
        XCTAssertTrue(rescheduled, "the next refresh follows the new token's expiry: \(harness.clock.pendingDelays)")
    }

    func testAConnectionDropReconnectsWithBackoffAndResubscribes() async throws {
        let server = try server(.production)
        server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
        let harness = try StreamHarness(port: server.port)
        let list = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
        let movie = StreamCollector(try await CacheRefs.movie(harness.dataConnect).subscribeStream())
        await list.waitFor(1)
        await movie.waitFor(1)
        let firstConnection = try XCTUnwrap(server.connections.first)
        let firstIDs = firstConnection.messages.compactMap { $0["subscribe"] != nil ? $0["requestId"]?.stringValue : nil }

        server.setAnswersPings(true)
        firstConnection.drop()
        let waiting = await eventually { harness.clock.pendingDelays.contains(1) }
        XCTAssertTrue(waiting, "the first reconnect waits 1 s: \(harness.clock.pendingDelays)")
        XCTAssertEqual(server.connections.count, 1)
        harness.clock.advance(1)
        let secondConnectionFound = await server.connection(1)
        let secondConnection = try XCTUnwrap(secondConnectionFound)
        _ = await eventually { secondConnection.messages.filter { $0["subscribe"] != nil }.count == 2 }
        let secondIDs = secondConnection.messages.compactMap { $0["subscribe"] != nil ? $0["requestId"]?.stringValue : nil }
        XCTAssertEqual(Set(secondIDs), Set(firstIDs), "every live subscribe is re-sent with its request id")
        XCTAssertNotNil(secondConnection.messages.first?["name"], "a new connection starts with the init frame")
        let listRef = CacheRefs.list(harness.dataConnect)
        let takenOver = await eventually { await listRef.core.isStreamed }
        XCTAssertTrue(takenOver, "the re-subscribe's answer hands the query back to the stream")
        XCTAssertEqual(list.elements.count, 1, "an unchanged answer is not delivered again")

        server.push(CacheSample.list([CacheSample.brazil()]), requestID: "1", on: secondConnection)
        let received5 = await list.waitFor(2)
        XCTAssertEqual(Self.titles(received5.last), ["Brazil"])
    }

    func testBackoffGrowsWhileTheServerIsDownAndResetsAfterAMessage() async throws {
        let server = try server(.production)
        let (harness, collector) = try await subscribedToList(on: server)

        // Each new connection is dropped before it answers anything.
        server.answerSubscribe { _ in nil }
        var expected: TimeInterval = 1
        for attempt in 0..<4 {
            let connectionFound = await server.connection(attempt)
            let connection = try XCTUnwrap(connectionFound)
            _ = await eventually { connection.messages.count >= 2 }
            connection.drop()
            let scheduled = await eventually { [expected] in harness.clock.pendingDelays.contains(expected) }
            XCTAssertTrue(scheduled, "attempt \(attempt): expected a \(expected) s delay, pending \(harness.clock.pendingDelays)")
            harness.clock.advance(expected)
            expected *= 1.5
        }
        server.answerSubscribe { _ in CacheSample.list([CacheSample.brazil()]) }
        let fifthFound = await server.connection(4)
        let fifth = try XCTUnwrap(fifthFound)
        _ = await eventually { fifth.messages.count >= 2 }
        await collector.waitFor(2)
        fifth.drop()
        let reset = await eventually { harness.clock.pendingDelays.contains(1) }
        XCTAssertTrue(reset, "a message resets the backoff: \(harness.clock.pendingDelays)")
    }

    func testAMissingPongWithinTenSecondsReconnects() async throws {
        let server = try server(.production)
        server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
        let harness = try StreamHarness(port: server.port)
        let collector = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
        await collector.waitFor(1)
        let first = try XCTUnwrap(server.connections.first)

        harness.clock.advance(30)
        let pinged = await eventually { first.events.contains(.ping) }
        XCTAssertTrue(pinged, "a ping after 30 s")
        let ponged = await eventually { harness.clock.pendingDelays.count == 1 }
        XCTAssertTrue(ponged, "the pong cancelled the 10 s deadline: \(harness.clock.pendingDelays)")
        XCTAssertEqual(server.connections.count, 1)

        server.setAnswersPings(false)
        harness.clock.advance(30)
        _ = await eventually { first.events.filter { $0 == .ping }.count == 2 }
        harness.clock.advance(10)
        let closed = await eventually { first.isClosed }
        XCTAssertTrue(closed, "no pong within 10 s closes the connection")
        _ = await eventually { harness.clock.pendingDelays.contains(1) }
        harness.clock.advance(1)
        let secondFound = await server.connection(1)
        let second = try XCTUnwrap(secondFound)
        let resubscribed = await server.message(on: 1, isSubscribe("ListMovies"))
        XCTAssertEqual(resubscribed?["requestId"]?.stringValue, "1")
        XCTAssertFalse(second.isClosed)
    }

    func testAStreamErrorEnvelopeFailsSubscribersAndReconnectsWithAFreshToken() async throws {
        let server = try server(.emulator)
        server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
        let forced = Locked<[Bool]>([])
        let harness = try StreamHarness(port: server.port, authTokenProvider: { force in
            forced.withLock { $0.append(force) }
            return "opaque-token"
        })
        let collector = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
        await collector.waitFor(1)

        server.sendError(status: "UNAUTHENTICATED", code: 16, message: "token expired")
        let elements = await collector.waitFor(2)
        guard case .failure(let error) = elements.last else { return XCTFail("expected a failure") }
        XCTAssertEqual((error.dataConnectError as? DataConnectTransportError)?.code, .unauthenticated)
        _ = await eventually { harness.clock.pendingDelays.contains(1) }
        harness.clock.advance(1)
        _ = await server.message(on: 1, isSubscribe("ListMovies"))
        XCTAssertEqual(forced.withLock { $0 }.filter { $0 }.count, 1, "the reconnect force-refreshes the token")
        XCTAssertEqual(forced.withLock { $0 }.last, true)
        XCTAssertFalse(collector.finished)
    }

    func testAWebSocketHostThatNeverCompletesTheTCPHandshakeFailsAtTheConnectTimeout() async throws {
        let (port, descriptors) = try LoopbackServer.unansweredPort()
        defer { for fd in descriptors { _ = SocketIO.close(fd) } }
        let closed = Locked<WebSocketFailure??>(nil)
        let connection = PlatformWebSocketConnector(connectTimeout: 0.2).open(url: URL(string: "ws://127.0.0.1:\(port)/")!) { event in
            if case .closed(let failure) = event { closed.withLock { $0 = failure } }
        }
        // Far below the default 10 s, so an ignored `connectTimeout` fails here.
        let ended = await eventually(timeout: 5) { closed.withLock { $0 != nil } }
        XCTAssertTrue(ended, "the connect did not end at its 0.2 s timeout")
        // ETIMEDOUT is the client's own bound; the kernel's SYN retries would take minutes.
        XCTAssertEqual(closed.withLock { $0 }, .connectionFailed("cannot connect to 127.0.0.1:\(port) (errno \(ETIMEDOUT))"))
        withExtendedLifetime(connection) {}
    }

    func testClosingEndsAConnectionWhoseUpgradeIsNeverAnswered() async throws {
        let server = try StalledPeer(answersUpgrade: false)
        defer { server.stop() }
        let (connection, events) = Self.openRaw(port: server.port)
        let upgrading = await eventually(timeout: 10) { server.readRequest }
        XCTAssertTrue(upgrading, "the client sent its upgrade request")
        connection.send(text: "queued before the upgrade")
        connection.close()
        let ended = await eventually(timeout: 10) { !events.value.isEmpty }
        XCTAssertTrue(ended, "a close does not wait for an upgrade answer that never comes")
        XCTAssertEqual(events.value, ["closed by us"])
    }

    func testClosingEndsAConnectionWhosePeerStoppedReading() async throws {
        let server = try StalledPeer(answersUpgrade: true)
        defer { server.stop() }
        let (connection, events) = Self.openRaw(port: server.port)
        // Far more than the kernel buffers on both sides, less than one message's worth (16 MiB).
        let text = String(repeating: "x", count: 64 << 10)
        for _ in 0..<160 { connection.send(text: text) }
        connection.close()
        let ended = await eventually(timeout: 10) { !events.value.isEmpty }
        XCTAssertTrue(ended, "a close does not wait for a peer that does not read")
        XCTAssertEqual(events.value, ["closed by us"])
    }

    /// A `ws://` connection to `port` outside any stream, and its `.closed` events in words.
    private static func openRaw(port: Int) -> (any WebSocketConnection, Locked<[String]>) {
        let events = Locked<[String]>([])
        let connection = PlatformWebSocketConnector().open(url: URL(string: "ws://127.0.0.1:\(port)/")!) { event in
            if case .closed(let failure) = event { events.withLock { $0.append("closed \(failure.map { "\($0)" } ?? "by us")") } }
        }
        return (connection, events)
    }

    func testAnOversizedFrameClosesTheConnectionInsteadOfBufferingIt() async throws {
        let server = try server(.production)
        server.answerSubscribe { _ in CacheSample.list([CacheSample.alien()]) }
        let harness = try StreamHarness(port: server.port)
        let collector = StreamCollector(try await CacheRefs.list(harness.dataConnect).subscribeStream())
        await collector.waitFor(1)
        let first = try XCTUnwrap(server.connections.first)

        // A binary frame header announcing 2^40 bytes, with no payload behind it.
        first.write([0x82, 127, 0, 0, 0x01, 0, 0, 0, 0, 0])
        let closed = await eventually { first.isClosed }
        XCTAssertTrue(closed)
        _ = await eventually { harness.clock.pendingDelays.contains(1) }
        harness.clock.advance(1)
        let resubscribed = await server.message(on: 1, isSubscribe("ListMovies"))
        XCTAssertNotNil(resubscribed, "it reconnects")
    }

    // MARK: Where the stream is not used

    func testWithoutCacheSettingsSubscriptionsDoNotUseTheStream() async throws {
        let server = try server(.production)
        let options = DataConnectAppOptions(projectID: "realtime-project")
        let app = try DataConnectApp.configure(name: "stream-\(UUID().uuidString)", options: options)
        let dataConnect = DataConnect.dataConnect(
            app: app, connectorConfig: TestEnvironment.connector, settings: DataConnectSettings(host: "127.0.0.1", port: server.port, sslEnabled: false))
        let subscribed = await dataConnect.backend.subscribeToStream(
            ObjectIdentifier(self), key: "k", operationName: "ListMovies", variables: Data("{}".utf8))
        XCTAssertFalse(subscribed)
        XCTAssertEqual(server.connections.count, 0)
    }

    func testAnUnsupportedWebSocketFallsBackToFetching() async throws {
        let stub = StubServer()
        stub.enqueue(.json(status: 200, body: CacheSample.list([CacheSample.alien()])))
        let connector = UnsupportedOnceConnector()
        let dataConnect = try TestEnvironment.dataConnect(
            stub, settings: DataConnectSettings(cacheSettings: CacheSettings(storage: .memory)),
            environment: RuntimeEnvironment(clock: ManualClock(), cacheDirectory: TestEnvironment.cacheDirectory), webSockets: connector)
        let collector = StreamCollector(try await CacheRefs.list(dataConnect).subscribeStream())
        let elements = await collector.waitFor(1)
        XCTAssertEqual(Self.titles(elements.first), ["Alien"])
        XCTAssertEqual(stub.requests.count, 1, "the query was fetched over REST")
        let streamed = await CacheRefs.list(dataConnect).core.isStreamed
        XCTAssertFalse(streamed)
        XCTAssertEqual(connector.opened, 1)
        XCTAssertFalse(connector.isAvailable(for: URL(string: "wss://example.com/")!), "later subscriptions go straight to the fallback")
    }

    /// On this platform either `URLSessionWebSocketTask` works (frames reach the server) or
    /// it is detected at run time as unsupported (Linux with a libcurl lacking WebSockets).
    func testURLSessionWebSocketSupportIsDetectedAtRunTime() async throws {
        let server = try server(.production)
        let events = Locked<[String]>([])
        let socket = URLSessionWebSocket(url: URL(string: "ws://127.0.0.1:\(server.port)/ws/probe")!) { event in
            switch event {
            case .closed(let failure): events.withLock { $0.append("closed \(failure.map { "\($0)" } ?? "nil")") }
            default: events.withLock { $0.append("event") }
            }
        }
        socket.send(text: "{\"probe\":true}")
        let settled = await eventually { server.connections.first?.messages.isEmpty == false || events.withLock { !$0.isEmpty } }
        XCTAssertTrue(settled)
        let delivered = server.connections.first?.messages.first?["probe"] == .bool(true)
        let unsupported = events.withLock { $0 }.contains { $0.hasPrefix("closed unsupported") }
        XCTAssertTrue(delivered != unsupported, "delivered: \(delivered), events: \(events.withLock { $0 })")
        print("URLSessionWebSocketTask on this platform: \(delivered ? "works" : "unsupported (\(events.withLock { $0 }))")")
        socket.close()
    }
}

/// A connector whose sockets fail as unsupported, as URLSession's do on a libcurl without WebSockets.
private final class UnsupportedOnceConnector: WebSocketConnector {
    private let state = Locked<(opened: Int, unsupported: Bool)>((0, false))

    var opened: Int { state.withLock { $0.opened } }

    func isAvailable(for url: URL) -> Bool { !state.withLock { $0.unsupported } }
    func markUnsupported(_ url: URL, _ failure: WebSocketFailure, warn: @Sendable (String) -> Void) { state.withLock { $0.unsupported = true } }
    func open(url: URL, onEvent: @escaping @Sendable (WebSocketEvent) -> Void) -> any WebSocketConnection {
        state.withLock { $0.opened += 1 }
        return NoWebSocketConnector().open(url: url, onEvent: onEvent)
    }
}

/// A peer that accepts one connection, reads its upgrade request, answers it (or not) and then
/// never reads again.
private final class StalledPeer: Sendable {
    let port: Int
    private let listener: Int32
    private let state = Locked<(fd: Int32, readRequest: Bool)>((-1, false))

    init(answersUpgrade: Bool) throws {
        (listener, port) = try LoopbackServer.listener(backlog: 1)
        Thread { [listener, state] in
            let fd = accept(listener, nil, nil)
            state.withLock { $0.fd = fd }
            var head: [UInt8] = []
            var byte: UInt8 = 0
            while WebSocketHandshake.headEnd(in: head) == nil, recv(fd, &byte, 1, 0) == 1 { head.append(byte) }
            state.withLock { $0.readRequest = true }
            guard answersUpgrade else { return }
            let key = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
                .first { $0.lowercased().hasPrefix("sec-websocket-key:") }?.dropFirst(18).trimmingCharacters(in: .whitespaces) ?? ""
            let answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(forKey: key))\r\n\r\n"
            _ = answer.withCString { send(fd, $0, strlen($0), 0) }
        }.start()
    }

    var readRequest: Bool { state.value.readRequest }

    /// Wakes an accept still waiting (`shutdown`; closing alone does not on Linux), then closes both.
    func stop() {
        _ = shutdown(listener, Int32(SHUT_RDWR))
        for fd in [listener, state.value.fd] where fd >= 0 { _ = SocketIO.close(fd) }
    }
}
