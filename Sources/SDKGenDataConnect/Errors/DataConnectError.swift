/// The common shape of every error this runtime throws.
public protocol DataConnectError: Error, CustomDebugStringConvertible, CustomStringConvertible {
    /// A human-readable explanation.
    var message: String? { get }
    /// The lower-level error that caused this one, if any.
    var underlyingError: Error? { get }
}

/// A type-erased `DataConnectError`, where a concrete `Error` type is required (the failure side of subscription results).
public struct AnyDataConnectError: Error, CustomStringConvertible {
    /// The wrapped error.
    public let dataConnectError: DataConnectError

    public var description: String { dataConnectError.description }
}

/// A closed set of error codes for one error domain.
public protocol DataConnectErrorCode: CustomStringConvertible, Equatable, Sendable, CaseIterable {}

/// An error identified by a code from a fixed set. Optional members are `private(set) var`s: the memberwise init defaults them.
public protocol DataConnectDomainError: DataConnectError {
    /// The code type of this domain.
    associatedtype ErrorCode: DataConnectErrorCode
    /// What went wrong.
    var code: ErrorCode { get }
}

extension DataConnectDomainError {
    /// `TypeName(code): message`.
    public var description: String {
        "\(Self.self)(\(code))" + (message.map { ": \($0)" } ?? "")
    }

    public var debugDescription: String {
        guard let underlyingError else { return description }
        return "\(description) [underlying: \(String(reflecting: underlyingError))]"
    }
}

/// Errors in configuring the runtime: no app options, bad plist, unusable endpoint.
public struct DataConnectInitError: DataConnectDomainError {
    /// Codes of `DataConnectInitError`.
    public struct Code: DataConnectErrorCode {
        /// The code's name, as spelled in Swift.
        public let description: String

        /// No `DataConnectApp` is configured for the instance.
        public static let appNotConfigured = Code(description: "appNotConfigured")
        /// Never thrown by this runtime (it has no gRPC client); kept so code written against Firebase's runtime compiles.
        public static let grpcNotConfigured = Code(description: "grpcNotConfigured")
        /// App options are invalid (an unreadable `GoogleService-Info.plist`, no project ID, an endpoint that is no URL).
        public static let invalidConfiguration = Code(description: "invalidConfiguration")
        /// `DataConnectApp.configure` was called twice with the same name.
        public static let appAlreadyConfigured = Code(description: "appAlreadyConfigured")

        public static var allCases: [Code] { [.appNotConfigured, .grpcNotConfigured, .invalidConfiguration, .appAlreadyConfigured] }
    }

    public let code: Code
    public private(set) var message: String?
    public private(set) var underlyingError: Error?
}

/// Errors converting between Swift values and their wire (JSON) form.
public struct DataConnectCodecError: DataConnectDomainError {
    /// Codes of `DataConnectCodecError`.
    public struct Code: DataConnectErrorCode {
        /// The code's name, as spelled in Swift.
        public let description: String

        /// Variables or an `AnyValue` could not be encoded.
        public static let encodingFailed = Code(description: "encodingFailed")
        /// A response did not match the expected result type; the message names the JSON path.
        public static let decodingFailed = Code(description: "decodingFailed")
        /// Not thrown (a bad UUID in a response is a `decodingFailed` naming its path); kept so Firebase-era code compiles.
        public static let invalidUUID = Code(description: "invalidUUID")
        /// A string is not an RFC 3339 timestamp, or a timestamp is out of range.
        public static let invalidTimestampFormat = Code(description: "invalidTimestampFormat")
        /// A string or components do not form a `yyyy-MM-dd` date.
        public static let invalidLocalDateFormat = Code(description: "invalidLocalDateFormat")

        public static var allCases: [Code] {
            [.encodingFailed, .decodingFailed, .invalidUUID, .invalidTimestampFormat, .invalidLocalDateFormat]
        }
    }

    public let code: Code
    public private(set) var message: String?
    public private(set) var underlyingError: Error?
}

/// Errors that indicate a bug in the runtime rather than in its input.
public struct DataConnectInternalError: DataConnectDomainError {
    /// Codes of `DataConnectInternalError`.
    public struct Code: DataConnectErrorCode {
        /// The code's name, as spelled in Swift.
        public let description: String

        /// An internal invariant did not hold.
        public static let internalError = Code(description: "internalError")
        /// Never thrown by this runtime (its cache is not SQLite); kept for source compatibility.
        public static let sqliteError = Code(description: "sqliteError")

        public static var allCases: [Code] { [.internalError, .sqliteError] }
    }

    public let code: Code
    public private(set) var message: String?
    public private(set) var underlyingError: Error?
}

/// Errors reaching the service: connection failures, timeouts, HTTP error statuses.
///
/// Firebase's runtime surfaces gRPC status errors here; this REST runtime has its own type.
public struct DataConnectTransportError: DataConnectDomainError {
    /// Codes of `DataConnectTransportError`.
    public struct Code: DataConnectErrorCode {
        /// The code's name, as spelled in Swift.
        public let description: String

        /// The request could not be sent or the connection broke.
        public static let networkFailure = Code(description: "networkFailure")
        /// No response arrived within the configured timeout.
        public static let timedOut = Code(description: "timedOut")
        /// The service answered 401 even after a token refresh.
        public static let unauthenticated = Code(description: "unauthenticated")
        /// The service answered with another HTTP error status.
        public static let httpError = Code(description: "httpError")
        /// The service's answer is not a Data Connect response (not JSON, not an object).
        public static let invalidResponse = Code(description: "invalidResponse")

        public static var allCases: [Code] { [.networkFailure, .timedOut, .unauthenticated, .httpError, .invalidResponse] }
    }

    public let code: Code
    public private(set) var message: String?
    /// The HTTP status, when the service answered.
    public private(set) var statusCode: Int?
    public private(set) var underlyingError: Error?
}
