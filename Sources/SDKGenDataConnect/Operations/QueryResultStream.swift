import Foundation

/// The updates of a query subscription as an `AsyncSequence`: the current result (if
/// any), then the outcome of every later execution of the query.
///
/// The subscription ends when the iterating task is cancelled, when the stream and its
/// iterators are released, or when `cancel()` is called.
public struct QueryResultStream<ResultData: Decodable & Sendable>: AsyncSequence, Sendable {
    public typealias Element = QuerySubscriptionElement<ResultData>
    public typealias AsyncIterator = AsyncStream<Element>.Iterator

    private let stream: AsyncStream<Element>
    private let continuation: AsyncStream<Element>.Continuation

    init(stream: AsyncStream<Element>, continuation: AsyncStream<Element>.Continuation) {
        self.stream = stream
        self.continuation = continuation
    }

    public func makeAsyncIterator() -> AsyncIterator {
        stream.makeAsyncIterator()
    }

    /// Ends the subscription; pending iterations finish with `nil`.
    public func cancel() {
        continuation.finish()
    }
}
