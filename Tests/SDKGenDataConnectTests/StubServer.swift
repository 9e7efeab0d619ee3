import Foundation
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import SDKGenDataConnect

/// A request the stub received.
struct RecordedRequest: Sendable {
    let url: URL
    let method: String
    let headers: [String: String]
    let body: Data
    let timeout: TimeInterval

    /// Header lookup ignoring case.
    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    var bodyString: String { String(decoding: body, as: UTF8.self) }
}

/// What the stub answers to one request.
enum StubReply: Sendable {
    case json(status: Int, body: String)
    case failure(URLError.Code)
}

/// An in-process fake of the Data Connect REST service: each test gets its own, keyed
/// by a unique project ID that appears in every request URL.
final class StubServer: @unchecked Sendable {
    typealias Responder = @Sendable (RecordedRequest, Int) -> StubReply

    let projectID = "stub-\(UUID().uuidString.lowercased())"
    private let state = Locked<(requests: [RecordedRequest], replies: [StubReply], responder: Responder?)>(([], [], nil))

    private static let servers = Locked<[String: StubServer]>([:])

    init() {
        StubServer.servers.withLock { $0[projectID] = self }
    }

    deinit {
        let id = projectID
        StubServer.servers.withLock { $0[id] = nil }
    }

    /// A session whose requests all go to the stubs.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        return URLSession(configuration: configuration)
    }()

    /// Queues replies answered in order; after they run out the responder (if any) answers.
    func enqueue(_ replies: StubReply...) {
        state.withLock { $0.replies.append(contentsOf: replies) }
    }

    func enqueueData(_ dataJSON: String) {
        enqueue(.json(status: 200, body: "{\"data\": \(dataJSON)}"))
    }

    /// Answers every request not covered by queued replies.
    func respond(with responder: @escaping Responder) {
        state.withLock { $0.responder = responder }
    }

    var requests: [RecordedRequest] {
        state.withLock { $0.requests }
    }

    fileprivate func reply(to request: RecordedRequest) -> StubReply {
        state.withLock { state in
            let index = state.requests.count
            state.requests.append(request)
            if !state.replies.isEmpty { return state.replies.removeFirst() }
            if let responder = state.responder { return responder(request, index) }
            return .json(status: 599, body: "{\"error\": {\"message\": \"no stub reply queued\"}}")
        }
    }

    fileprivate static func server(for url: URL) -> StubServer? {
        let parts = url.path.split(separator: "/")
        guard let index = parts.firstIndex(of: "projects"), index + 1 < parts.count else { return nil }
        let id = String(parts[index + 1])
        return servers.withLock { $0[id] }
    }
}

/// Routes requests to the `StubServer` named in the URL.
final class StubURLProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, let server = StubServer.server(for: url) else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost))
            return
        }
        var headers: [String: String] = [:]
        for (key, value) in request.allHTTPHeaderFields ?? [:] { headers[key] = value }
        let recorded = RecordedRequest(
            url: url, method: request.httpMethod ?? "", headers: headers,
            body: StubURLProtocol.body(of: request), timeout: request.timeoutInterval)
        switch server.reply(to: recorded) {
        case .failure(let code):
            client?.urlProtocol(self, didFailWithError: URLError(code))
        case .json(let status, let body):
            let response = HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])
            if let response {
                client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            }
            client?.urlProtocol(self, didLoad: Data(body.utf8))
            client?.urlProtocolDidFinishLoading(self)
        }
    }

    override func stopLoading() {}

    private static func body(of request: URLRequest) -> Data {
        if let body = request.httpBody { return body }
        guard let stream = request.httpBodyStream else { return Data() }
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while stream.hasBytesAvailable {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }
}

/// Builds a `DataConnect` wired to a stub, each with its own app.
enum TestEnvironment {
    static let connector = ConnectorConfig(serviceId: "stacks", location: "europe-west1", connector: "city-library")

    static func dataConnect(
        _ server: StubServer,
        apiKey: String? = nil,
        googleAppID: String? = nil,
        authTokenProvider: DataConnectAppOptions.AuthTokenProvider? = nil,
        appCheckTokenProvider: DataConnectAppOptions.AppCheckTokenProvider? = nil,
        settings: DataConnectSettings = DataConnectSettings(),
        callerSDKType: CallerSDKType = .base,
        environment: RuntimeEnvironment = RuntimeEnvironment(cacheDirectory: cacheDirectory),
        webSockets: any WebSocketConnector = NoWebSocketConnector()
    ) throws -> DataConnect {
        let options = DataConnectAppOptions(
            projectID: server.projectID, apiKey: apiKey, googleAppID: googleAppID,
            authTokenProvider: authTokenProvider, appCheckTokenProvider: appCheckTokenProvider,
            requestTimeout: 12, urlSession: StubServer.session)
        let app = try DataConnectApp.configure(name: "app-\(server.projectID)", options: options)
        // The stub speaks REST only: by default subscriptions take the no-stream path (Realtime/Stream* test the stream).
        var environment = environment
        environment.webSockets = webSockets
        return DataConnect.dataConnect(
            app: app, connectorConfig: connector, settings: settings, callerSDKType: callerSDKType, environment: environment)
    }

    /// Persistent caches of tests go here, not into the user's caches folder; the folder is
    /// removed when the test bundle finishes.
    static let cacheDirectory: URL = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("sdkgen-runtime-tests-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        XCTestObservationCenter.shared.addTestObserver(FolderRemover(folder: folder))
        return folder
    }()
}

/// Removes a scratch folder once every test has run.
private final class FolderRemover: NSObject, XCTestObservation {
    let folder: URL

    init(folder: URL) {
        self.folder = folder
    }

    func testBundleDidFinish(_ testBundle: Bundle) {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Parses JSON text into a comparable value for exact-body assertions.
func jsonObject(_ data: Data) -> NSDictionary? {
    (try? JSONSerialization.jsonObject(with: data)) as? NSDictionary
}

struct UnexpectedOutcome: Error, CustomStringConvertible {
    let description: String
}

/// Runs `body` and returns the error it throws as `E`; throws when it returns or throws
/// another type.
func expectError<E: Error>(_ type: E.Type, _ body: () async throws -> Void) async throws -> E {
    do {
        try await body()
    } catch let error as E {
        return error
    } catch {
        throw UnexpectedOutcome(description: "expected \(E.self), got \(error)")
    }
    throw UnexpectedOutcome(description: "expected \(E.self), got success")
}
