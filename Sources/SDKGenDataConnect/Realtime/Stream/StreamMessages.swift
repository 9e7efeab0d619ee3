import Foundation

/// The `StreamRequest` text frames of `ConnectorStreamService/Connect` in proto3 JSON (iOS SDK `Protos/connector_stream_service.proto`).
enum StreamRequest {
    /// The first frame: the connector's name and every header (browsers cannot set any on the upgrade); no request kind, like Dart.
    static func initial(name: String, headers: [(String, String)]) -> String {
        let members = headers.map { "\(quoted($0.0)):\(quoted($0.1))" }.joined(separator: ",")
        return "{\"name\":\(quoted(name)),\"headers\":{\(members)}}"
    }

    /// `subscribe` with the variables as encoded for REST (sorted keys).
    static func subscribe(requestID: String, operationName: String, variables: Data) -> String {
        let variablesText = variables.isEmpty ? "{}" : String(decoding: variables, as: UTF8.self)
        return "{\"requestId\":\(quoted(requestID)),\"subscribe\":{\"operationName\":\(quoted(operationName)),\"variables\":\(variablesText)}}"
    }

    /// Asks the server to re-send the current result of a subscription.
    static func resume(requestID: String) -> String {
        "{\"requestId\":\(quoted(requestID)),\"resume\":{}}"
    }

    static func cancel(requestID: String) -> String {
        "{\"requestId\":\(quoted(requestID)),\"cancel\":{}}"
    }

    /// An in-band token refresh: headers only, no request kind.
    static func authRefresh(requestID: String, token: String) -> String {
        "{\"requestId\":\(quoted(requestID)),\"headers\":{\"X-Firebase-Auth-Token\":\(quoted(token))}}"
    }

    private static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Encoding a String cannot fail.
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}

/// A decoded `StreamResponse` frame.
enum StreamResponse: Sendable {
    /// Why the server stopped serving a subscription (`cancelled: true`).
    enum Cancellation: Equatable, Sendable {
        /// Its errors say the caller may not read the query (`UNAUTHENTICATED`, `PERMISSION_DENIED`): REST would fail too.
        case byAuth
        /// Anything else (for example a schema change): REST can still serve it.
        case other
    }

    /// A result (initial or pushed) for `requestID`; `cancelled` when the server can no longer serve it.
    case result(requestID: String, response: ServerResponse, cancelled: Cancellation?)
    /// A stream-level error envelope (`{"error": {...}}`, emulator / gateway framing).
    case streamError(DataConnectTransportError)

    /// Accepts production's bare JSON (binary frames) and the emulator's `{"result": ...}` (text), in either frame type, as Dart does.
    static func decode(_ bytes: Data) throws -> StreamResponse {
        guard let json = try? JSONValue.parse(bytes), case .object(var members) = json else {
            throw invalid("a stream frame is not a JSON object: \(String(excerptOf: bytes))")
        }
        if case .object(let error)? = members["error"] { return .streamError(streamError(error)) }
        if case .object(let wrapped)? = members["result"] { members = wrapped }
        guard case .string(let requestID)? = members["requestId"], !requestID.isEmpty else {
            throw invalid("a stream response has no requestId: \(String(excerptOf: bytes))")
        }
        var cancelled: Cancellation?
        if case .bool(true)? = members["cancelled"] { cancelled = isAuthFailure(members["errors"]) ? .byAuth : .other }
        return .result(requestID: requestID, response: ServerResponse(members: members), cancelled: cancelled)
    }

    /// Whether an `errors` entry names an auth status, in its `extensions.code` or its message.
    private static func isAuthFailure(_ errors: JSONValue?) -> Bool {
        guard case .array(let items)? = errors else { return false }
        return items.contains { item in
            guard case .object(let error) = item else { return false }
            var texts: [String] = []
            if case .string(let message)? = error["message"] { texts.append(message) }
            if case .object(let extensions)? = error["extensions"], case .string(let code)? = extensions["code"] { texts.append(code) }
            return texts.contains { text in ["UNAUTHENTICATED", "PERMISSION_DENIED"].contains { text.uppercased().contains($0) } }
        }
    }

    private static func streamError(_ error: [String: JSONValue]) -> DataConnectTransportError {
        var message = "the realtime stream failed"
        if case .string(let status)? = error["status"], !status.isEmpty { message += " (\(status))" }
        if case .string(let text)? = error["message"] { message += ": \(text)" }
        // gRPC status 16 is UNAUTHENTICATED.
        let unauthenticated = error["status"] == .string("UNAUTHENTICATED") || error["code"] == .int(16)
        return DataConnectTransportError(code: unauthenticated ? .unauthenticated : .networkFailure, message: message)
    }

    private static func invalid(_ message: String) -> DataConnectTransportError {
        DataConnectTransportError(code: .invalidResponse, message: message)
    }
}
