import Foundation
import XCTest
@testable import SDKGenDataConnect

/// A connector for tests that must not open WebSockets: every URL is unavailable.
struct NoWebSocketConnector: WebSocketConnector {
    private final class Refused: WebSocketConnection {
        func send(text: String) {}
        func sendPing() {}
        func close() {}
    }

    func isAvailable(for url: URL) -> Bool { false }
    func markUnsupported(_ url: URL, _ failure: WebSocketFailure, warn: @Sendable (String) -> Void) {}
    func open(url: URL, onEvent: @escaping @Sendable (WebSocketEvent) -> Void) -> any WebSocketConnection {
        DispatchQueue.global().async { onEvent(.closed(.unsupported("no WebSockets in this test"))) }
        return Refused()
    }
}

/// Collects a subscription's elements in the background so tests can wait for them with a
/// timeout that only bounds failures.
final class StreamCollector<ResultData: Decodable & Sendable>: Sendable {
    typealias Element = QuerySubscriptionElement<ResultData>
    private let state = Locked<(elements: [Element], finished: Bool)>(([], false))
    private let task = Locked<Task<Void, Never>?>(nil)

    init(_ stream: QueryResultStream<ResultData>) {
        let state = self.state
        task.withLock {
            $0 = Task {
                for await element in stream {
                    state.withLock { $0.elements.append(element) }
                }
                state.withLock { $0.finished = true }
            }
        }
    }

    var elements: [Element] { state.withLock { $0.elements } }
    var finished: Bool { state.withLock { $0.finished } }

    /// Waits until at least `count` elements arrived; returns them all.
    @discardableResult
    func waitFor(_ count: Int, file: StaticString = #filePath, line: UInt = #line) async -> [Element] {
        let arrived = await eventually { self.elements.count >= count }
        if !arrived { XCTFail("expected \(count) elements, got \(elements.count): \(elements)", file: file, line: line) }
        return elements
    }

    func waitUntilFinished(file: StaticString = #filePath, line: UInt = #line) async {
        let done = await eventually { self.finished }
        if !done { XCTFail("the subscription did not end", file: file, line: line) }
    }
}

/// Polls `condition` every `interval` until it holds or `timeout` passes (a bound on failures, not a delay).
func eventually(timeout: TimeInterval = 10, interval: TimeInterval = 0.005, _ condition: @Sendable () async -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while await !condition() {
        guard Date() < deadline else { return false }
        try? await Task.sleep(nanoseconds: UInt64(interval * 1e9))
    }
    return true
}

/// Unsigned JWTs with a user and an expiry, as the stream reads them.
enum StreamTokens {
    static func idToken(uid: String, expiry: Date, version: Int = 0) -> String {
        func encode(_ text: String) -> String {
            Data(text.utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let payload = "{\"sub\":\"\(uid)\",\"user_id\":\"\(uid)\",\"exp\":\(Int(expiry.timeIntervalSince1970)),\"v\":\(version)}"
        return encode("{\"alg\":\"none\"}") + "." + encode(payload) + ".sig"
    }
}

/// A `DataConnect` instance whose stream goes to a loopback server, timed by a manual clock.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct StreamHarness {
    let dataConnect: DataConnect
    let clock = ManualClock()
    let warnings = WarningLog()

    init(
        port: Int,
        googleAppID: String? = "1:123:ios:abc",
        authTokenProvider: DataConnectAppOptions.AuthTokenProvider? = nil,
        appCheckTokenProvider: DataConnectAppOptions.AppCheckTokenProvider? = nil,
        policy: StreamPolicy = StreamPolicy(),
        maxAge: TimeInterval = 3600
    ) throws {
        let options = DataConnectAppOptions(
            projectID: "realtime-project", googleAppID: googleAppID,
            authTokenProvider: authTokenProvider, appCheckTokenProvider: appCheckTokenProvider, requestTimeout: 5)
        let app = try DataConnectApp.configure(name: "stream-\(UUID().uuidString)", options: options)
        let settings = DataConnectSettings(
            host: "127.0.0.1", port: port, sslEnabled: false, cacheSettings: CacheSettings(storage: .memory, maxAge: maxAge))
        // random 0.5 makes the jitter factor exactly 1, so backoff delays are 1, 1.5, 2.25, ... s.
        dataConnect = DataConnect.dataConnect(
            app: app, connectorConfig: TestEnvironment.connector, settings: settings, callerSDKType: .base,
            environment: RuntimeEnvironment(
                clock: clock, cacheDirectory: TestEnvironment.cacheDirectory, random: { 0.5 }, streamPolicy: policy, warn: warnings.warn))
    }

    /// Keepalive out of the way, for tests that jump far ahead (a jump past a ping's
    /// deadline looks like a dead connection, since the pong needs real I/O).
    static let noKeepalive = StreamPolicy(keepaliveInterval: 1_000_000)

    /// The number of stream subscriptions (distinct queries) now.
    var subscriptionCount: Int {
        get async { await dataConnect.backend.streamSubscriptionCount }
    }

    /// A REST request of the instance was sent with `token`.
    func tokenObserved(_ token: String?) {
        dataConnect.backend.postStreamEvent(.tokenObserved(token, now: clock.now))
    }
}
