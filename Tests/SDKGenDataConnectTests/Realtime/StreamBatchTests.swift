import Foundation
import XCTest
@testable import SDKGenDataConnect

/// Stream events reach the owner in batches: every event posted until a batch job runs is
/// handled in it, and the subscribers hear the batch's results at its end, in order. A scripted
/// socket hands frames to the owner while a job the test holds keeps its inbox busy.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class StreamBatchTests: XCTestCase {
    /// A connector whose one socket the test drives: it records the frames sent and passes the test's frames on.
    private final class ScriptedSocket: WebSocketConnector, WebSocketConnection {
        private let state = Locked<(sent: [String], onEvent: (@Sendable (WebSocketEvent) -> Void)?)>(([], nil))

        func isAvailable(for url: URL) -> Bool { true }
        func markUnsupported(_ url: URL, _ failure: WebSocketFailure, warn: @Sendable (String) -> Void) {}
        func open(url: URL, onEvent: @escaping @Sendable (WebSocketEvent) -> Void) -> any WebSocketConnection {
            state.withLock { $0.onEvent = onEvent }
            return self
        }
        func send(text: String) { state.withLock { $0.sent.append(text) } }
        func sendPing() {}
        func close() {}

        var sent: [String] { state.withLock { $0.sent } }
        func receive(_ text: String) { state.value.onEvent?(.text(text)) }
    }

    private func instance(_ socket: ScriptedSocket) throws -> DataConnect {
        let options = DataConnectAppOptions(projectID: "batch-project")
        let app = try DataConnectApp.configure(name: "batch-\(UUID().uuidString)", options: options)
        var environment = RuntimeEnvironment(clock: ManualClock(), cacheDirectory: TestEnvironment.cacheDirectory)
        environment.webSockets = socket
        let settings = DataConnectSettings(host: "127.0.0.1", port: 9, sslEnabled: false, cacheSettings: CacheSettings(storage: .memory))
        return DataConnect.dataConnect(
            app: app, connectorConfig: TestEnvironment.connector, settings: settings, callerSDKType: .base, environment: environment)
    }

    /// A result frame of the first subscription (production framing).
    private static func push(_ movie: CacheSample.Movie) -> String {
        "{\"requestId\": \"1\", " + CacheSample.list([movie]).dropFirst()
    }

    /// Subscribes `ref` and waits until its `subscribe` went out.
    private func subscribe(_ ref: QueryRefObservation<MoviesData, NoVariables>, on socket: ScriptedSocket) async throws
        -> StreamCollector<MoviesData>
    {
        let collector = StreamCollector(try await ref.subscribeStream())
        let subscribed = await eventually { socket.sent.contains { $0.contains("\"subscribe\"") } }
        XCTAssertTrue(subscribed)
        return collector
    }

    /// Keeps the owner's inbox busy until the returned closure is called.
    private func holdInbox(_ backend: DataConnectBackend) -> @Sendable () -> Void {
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        backend.post { _ in for await _ in gate { break } }
        return { open.yield() }
    }

    func testEventsPostedBeforeTheBatchRunsAreHandledInItAheadOfLaterJobs() async throws {
        let socket = ScriptedSocket()
        let dataConnect = try instance(socket)
        let ref = CacheRefs.list(dataConnect)
        let collector = try await subscribe(ref, on: socket)
        let backend = dataConnect.backend
        let release = holdInbox(backend)

        socket.receive(Self.push(CacheSample.alien()))
        let cached = Locked<[String]?>(nil)
        let key = try XCTUnwrap(ref.core.cacheKey)
        backend.post { owner in
            guard let scope = owner.cacheScope(authToken: nil), let json = await owner.cacheRead(scope: scope, key: key)?.data
            else { return }
            let titles = (try? ServerResponse.decode(MoviesData.self, from: json))?.movies.map(\.title)
            cached.withLock { $0 = titles }
        }
        socket.receive(Self.push(CacheSample.brazil()))
        release()

        let elements = await collector.waitFor(2)
        XCTAssertEqual(elements.map(CacheRefs.titles), [["Alien"], ["Brazil"]])
        let read = await eventually { cached.value != nil }
        XCTAssertTrue(read)
        XCTAssertEqual(cached.value, ["Brazil"], "the push posted after the job was handled in the batch before it")
    }

    func testPushesOfABatchReachTheSubscriberBeforeTheEndOfItsSubscription() async throws {
        let socket = ScriptedSocket()
        let dataConnect = try instance(socket)
        let collector = try await subscribe(CacheRefs.list(dataConnect), on: socket)
        let release = holdInbox(dataConnect.backend)

        socket.receive(Self.push(CacheSample.alien()))
        socket.receive(Self.push(CacheSample.brazil()))
        socket.receive("{\"requestId\": \"1\", \"cancelled\": true, \"errors\": [{\"message\": \"PERMISSION_DENIED: no access\"}]}")
        release()

        await collector.waitUntilFinished()
        let elements = collector.elements
        XCTAssertEqual(elements.prefix(2).map(CacheRefs.titles), [["Alien"], ["Brazil"]])
        guard elements.count == 3, case .failure(let error) = elements[2] else { return XCTFail("expected the end last: \(elements)") }
        XCTAssertEqual((error.dataConnectError as? DataConnectRealtimeError)?.code, .cancelledByServer)
    }
}
