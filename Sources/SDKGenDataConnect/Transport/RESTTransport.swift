import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one operation over HTTP(S), attaching tokens and retrying once after a 401. Each
/// request ends by `requestTimeout` at the latest (`clock` measures it).
struct RESTTransport: Sendable {
    let builder: RequestBuilder
    let options: DataConnectAppOptions
    let clock: any RuntimeClock

    func execute(kind: OperationKind, operationName: String, variables: Data) async throws -> ServerResponse {
        let appCheckToken = await self.appCheckToken()
        var authToken = try await self.authToken(forceRefresh: false)
        var (status, body) = try await send(
            try builder.urlRequest(
                kind: kind, operationName: operationName, variables: variables,
                authToken: authToken, appCheckToken: appCheckToken))
        if status == 401, options.authTokenProvider != nil {
            // The token may have expired since it was issued: refresh it once and retry.
            authToken = try await self.authToken(forceRefresh: true)
            (status, body) = try await send(
                try builder.urlRequest(
                    kind: kind, operationName: operationName, variables: variables,
                    authToken: authToken, appCheckToken: appCheckToken))
        }
        guard (200..<300).contains(status) else {
            throw ServerResponse.httpError(statusCode: status, body: body)
        }
        var response = try ServerResponse.parse(body: body, statusCode: status)
        response.authToken = authToken
        return response
    }

    private func send(_ request: URLRequest) async throws -> (Int, Data) {
        let (timeout, clock, session) = (builder.timeout, clock, options.urlSession)
        do {
            // FoundationNetworking ignores `URLRequest.timeoutInterval` (and an injected session
            // may have no timeout), so the request is also cancelled at the deadline here.
            return try await withThrowingTaskGroup(of: (Int, Data)?.self) { group in
                group.addTask { try await RESTTransport.load(request, session: session) }
                group.addTask {
                    try await clock.sleep(seconds: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let loaded = try await group.next() ?? nil else { throw URLError(.timedOut) }
                return loaded
            }
        } catch {
            throw RESTTransport.transportError(error, timeout: timeout)
        }
    }

    /// `http://` (the emulator), unless the app passed a session, goes through the runtime's
    /// own client, which waits without spinning on Linux; the rest through URLSession.
    private static func load(_ request: URLRequest, session: URLSession?) async throws -> (Int, Data) {
        if session == nil, request.url?.scheme?.lowercased() == "http" {
            return try await PlainHTTPExchange.send(request)
        }
        // Cancelling at the deadline cancels the URLSession task too, so the shared session needs no timeouts.
        let (data, response) = try await (session ?? URLSession.shared).data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw DataConnectTransportError(code: .invalidResponse, message: "the response is not an HTTP response")
        }
        return (http.statusCode, data)
    }

    private func authToken(forceRefresh: Bool) async throws -> String? {
        guard let provider = options.authTokenProvider else { return nil }
        do {
            return try await provider(forceRefresh)
        } catch let error as CancellationError {
            throw error
        } catch {
            throw DataConnectTransportError(
                code: .unauthenticated, message: "the auth token provider failed: \(error)", underlyingError: error)
        }
    }

    // As in Firebase, a failing App Check provider does not block the request; the
    // service decides whether App Check is enforced.
    private func appCheckToken() async -> String? {
        guard let provider = options.appCheckTokenProvider else { return nil }
        return try? await provider()
    }

    static func transportError(_ error: Error, timeout: TimeInterval) -> Error {
        if error is CancellationError || error is DataConnectTransportError { return error }
        guard let urlError = error as? URLError else {
            return DataConnectTransportError(
                code: .networkFailure, message: "the request failed: \(error.localizedDescription)", underlyingError: error)
        }
        switch urlError.code {
        case .cancelled:
            return CancellationError()
        case .timedOut:
            return DataConnectTransportError(
                code: .timedOut, message: "no response within \(timeout) seconds", underlyingError: urlError)
        default:
            return DataConnectTransportError(
                code: .networkFailure, message: "the request failed: \(urlError.localizedDescription)", underlyingError: urlError)
        }
    }
}
