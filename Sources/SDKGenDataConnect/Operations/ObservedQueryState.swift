import Foundation

extension QueryUpdate {
    /// The result, or the recorded error thrown as the `DataConnectError` itself.
    func resultOrThrow() throws -> OperationResult<ResultData> {
        switch element {
        case .success(let result): return result
        case .failure(let error): throw error.dataConnectError
        }
    }
}

/// Tracks which recorded update a ref last showed, so updates applied out of order
/// (an execute's own result vs. the same result relayed to the main actor) are dropped.
struct AppliedVersion: Sendable {
    private(set) var version = 0

    /// `true` (and remembers it) when `update` is newer than anything applied before.
    mutating func accept(_ version: Int) -> Bool {
        guard version > self.version else { return false }
        self.version = version
        return true
    }
}
