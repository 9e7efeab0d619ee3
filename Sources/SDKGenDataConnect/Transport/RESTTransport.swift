import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one operation over HTTP(S), attaching tokens and retrying once after a 401.
struct RESTTransport: Sendable {
    let builder: RequestBuilder
    let options: DataConnectAppOptions

    private static let defaultSession = URLSession(configuration: .default)

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
        let session = options.urlSession ?? RESTTransport.defaultSession
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw RESTTransport.transportError(error, timeout: builder.timeout)
        }
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
        if error is CancellationError { return error }
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
