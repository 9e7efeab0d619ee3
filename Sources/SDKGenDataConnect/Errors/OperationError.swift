import Foundation

/// An operation reached the service but the service reported GraphQL errors; `response` carries them and any partial data.
public struct DataConnectOperationError: DataConnectError {
    public private(set) var message: String?
    public private(set) var underlyingError: (any Error)?
    /// The errors and partial data the service returned; always set here (Firebase's query path may nest it in `underlyingError`).
    public private(set) var response: OperationFailureResponse?

    public var description: String {
        "DataConnectOperationError: \(message ?? "operation failed")"
    }

    public var debugDescription: String {
        guard let response else { return description }
        return "\(description) [errors: \(response.errors.count), data: \(response.rawJsonData ?? "null")]"
    }
}

/// The body of a failed operation: GraphQL errors plus whatever data the service produced.
public struct OperationFailureResponse: Sendable {
    /// The `data` member of the response as JSON text, or `nil` when it was absent or `null`.
    public let rawJsonData: String?
    /// The GraphQL errors, in server order.
    public let errors: [ErrorInfo]

    /// Decodes the partial data into `asType`; `nil` when there is none or it does not decode (failed fields are usually `null`).
    public func data<Data: Decodable>(asType: Data.Type = Data.self) -> Data? {
        guard let rawJsonData else { return nil }
        // On a large stack whatever the depth: the text would have to be parsed once more to learn it.
        return try? LargeStack.decode(Data.self) { Foundation.Data(rawJsonData.utf8) }
    }

    /// One GraphQL error.
    public struct ErrorInfo: Codable, Sendable, CustomStringConvertible {
        /// The server's message.
        public let message: String
        /// The response path the error belongs to, if any.
        public let path: [DataConnectPathSegment]?

        /// `path: message`, or just the message when there is no path.
        public var description: String {
            guard let path, !path.isEmpty else { return message }
            return "\(path.pathString): \(message)"
        }
    }
}

/// One step of a GraphQL response path: an object field or a list index.
public enum DataConnectPathSegment: Codable, Equatable, Sendable, Hashable, CustomStringConvertible {
    /// An object field (JSON string in a path).
    case field(String)
    /// A list index (JSON integer in a path).
    case listIndex(Int)

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = try (try? container.decode(Int.self)).map(Self.listIndex) ?? .field(container.decode(String.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .field(let name): try container.encode(name)
        case .listIndex(let index): try container.encode(index)
        }
    }

    /// The field name, or the index in brackets (`[3]`).
    public var description: String {
        switch self {
        case .field(let name): return name
        case .listIndex(let index): return "[\(index)]"
        }
    }
}

extension Array where Element == DataConnectPathSegment {
    /// The path as `movies[3].title`.
    var pathString: String {
        reduce(into: "") { text, segment in
            if case .field = segment, !text.isEmpty { text += "." }
            text += segment.description
        }
    }
}
