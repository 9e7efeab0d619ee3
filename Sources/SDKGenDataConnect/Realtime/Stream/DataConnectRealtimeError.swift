import Foundation

/// Why a realtime subscription ended: delivered as the last element of a subscription
/// whose query was streamed from the server, after which the subscription's sequence finishes.
public struct DataConnectRealtimeError: DataConnectDomainError {
    /// Codes of `DataConnectRealtimeError`.
    public struct Code: DataConnectErrorCode {
        /// The code's name, as spelled in Swift.
        public let description: String

        /// The server cancelled the subscription (`cancelled: true`) because the caller may
        /// not read the query (`UNAUTHENTICATED`, `PERMISSION_DENIED`). A cancellation for
        /// another reason (e.g. a schema change) does not end the subscription: it is then
        /// fetched over REST. Subscribe again once the caller may read it.
        public static let cancelledByServer = Code(description: "cancelledByServer")
        /// The signed-in user changed while subscribed; the old user's subscriptions end
        /// so that they never show the new user's data. Subscribe again as the new user.
        public static let userChanged = Code(description: "userChanged")

        public static var allCases: [Code] { [.cancelledByServer, .userChanged] }
    }

    public let code: Code
    public private(set) var message: String?
    public private(set) var underlyingError: Error?
}
