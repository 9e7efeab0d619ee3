import Foundation

/// A query with subscribers, as the refresh rules see it.
struct LiveQuery: Sendable {
    let operationName: String
    /// The variables as sent (`request.variables` of conditions); `.null` when they do not encode.
    let variables: JSONValue
    /// `nil` for refs made without rules (hand-written, older generators): those refresh after every mutation.
    let rules: RefreshRules?
}

/// A mutation of this process that the service answered.
struct MutationEvent: Sendable {
    let operationName: String
    /// The variables as sent (`mutation.variables` of conditions).
    let variables: JSONValue
    /// The ID token the mutation was sent with; the same user is the subscriber (`request.auth`).
    let authToken: String?
    /// The rows it writes by key; `nil` when unknown (a ref made without metadata).
    let writes: [EntityRow]?
}

extension JSONValue {
    /// Encoded operation variables as conditions read them; `.null` when they did not encode.
    static func variables(_ encoded: Result<Data, DataConnectCodecError>) -> JSONValue {
        guard let data = try? encoded.get(), let value = try? JSONValue.parse(data) else { return .null }
        return value
    }
}
