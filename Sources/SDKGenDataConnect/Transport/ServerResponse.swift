import Foundation

/// A parsed Data Connect response body: `data`, GraphQL `errors` and `extensions` (entity
/// ids for the cache).
struct ServerResponse: Sendable {
    let data: JSONValue?
    let errors: [OperationFailureResponse.ErrorInfo]
    var extensions: JSONValue?
    /// The auth token the request was sent with; it decides which user's cache the result
    /// belongs to.
    var authToken: String?

    /// Parses a body the service answered with a 2xx status.
    static func parse(body: Data, statusCode: Int) throws -> ServerResponse {
        guard let json = try? JSONValue.parse(body), case .object(let members) = json else {
            throw DataConnectTransportError(
                code: .invalidResponse,
                message: "HTTP \(statusCode) response is not a JSON object: \(String(excerptOf: body))",
                statusCode: statusCode)
        }
        return ServerResponse(members: members)
    }

    /// The `data`, `errors` and `extensions` members of a response object (REST body or stream push).
    init(members: [String: JSONValue]) {
        var errors: [OperationFailureResponse.ErrorInfo] = []
        if case .array(let items)? = members["errors"] {
            errors = items.map(ServerResponse.errorInfo)
        }
        data = members["data"]
        self.errors = errors
        extensions = members["extensions"]
    }

    /// The error for a non-2xx status, with the server's message when it sent one.
    static func httpError(statusCode: Int, body: Data) -> DataConnectTransportError {
        var message = "HTTP \(statusCode)"
        if let json = try? JSONValue.parse(body), case .object(let members) = json {
            var detail = members
            if case .object(let nested)? = members["error"] { detail = nested }
            if case .string(let status)? = detail["status"] { message += " (\(status))" }
            if case .string(let text)? = detail["message"] { message += ": \(text)" }
        } else if !body.isEmpty {
            message += ": \(String(excerptOf: body))"
        }
        return DataConnectTransportError(
            code: statusCode == 401 ? .unauthenticated : .httpError, message: message.escapingControlCharacters, statusCode: statusCode)
    }

    /// Decodes `data` as `T`, throwing `DataConnectOperationError` when there are GraphQL
    /// errors and `DataConnectCodecError.decodingFailed` (with the JSON path) on a mismatch.
    func decode<T: Decodable>(_ type: T.Type, operationName: String) throws -> T? {
        let dataJSON = data.flatMap { $0 == .null ? nil : $0 }
        if !errors.isEmpty {
            let raw = dataJSON.flatMap { try? $0.encoded() }.map { String(decoding: $0, as: UTF8.self) }
            let summary = errors.map(\.description).joined(separator: "; ")
            throw DataConnectOperationError(
                message: "\(operationName) failed: \(summary.escapingControlCharacters)",
                response: OperationFailureResponse(rawJsonData: raw, errors: errors))
        }
        return try ServerResponse.decode(T.self, from: dataJSON)
    }

    /// Decodes a `data` value (from a response or the cache); `nil` for JSON `null`.
    static func decode<T: Decodable>(_ type: T.Type, from dataJSON: JSONValue?) throws -> T? {
        guard let dataJSON, dataJSON != .null else { return nil }
        do {
            return try JSONValueDecoder(dataJSON).decode(T.self)
        } catch {
            throw DecodingFailure.codecError(error, root: dataJSON)
        }
    }

    private static func errorInfo(_ json: JSONValue) -> OperationFailureResponse.ErrorInfo {
        guard case .object(let members) = json else {
            return .init(message: "malformed error entry", path: nil)
        }
        var message = "unknown error"
        if case .string(let text)? = members["message"] { message = text }
        var path: [DataConnectPathSegment]?
        if case .array(let segments)? = members["path"] {
            path = segments.compactMap { segment -> DataConnectPathSegment? in
                switch segment {
                case .string(let name): return .field(name)
                case .int(let index): return Int(exactly: index).map { .listIndex($0) }
                default: return nil
                }
            }
        }
        return .init(message: message, path: path)
    }
}
