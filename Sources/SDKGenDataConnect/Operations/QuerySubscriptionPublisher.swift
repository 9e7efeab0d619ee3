#if canImport(Combine)
import Combine
import Foundation

/// Bridges a query subscription to Combine, for the Firebase-compatible `subscribe()`.
enum QuerySubscriptionPublisher {
    static func make<ResultData: Decodable & Sendable, Variable: OperationVariable>(
        core: QueryCore<ResultData, Variable>
    ) -> AnyPublisher<QuerySubscriptionElement<ResultData>, Never> {
        Deferred { () -> AnyPublisher<QuerySubscriptionElement<ResultData>, Never> in
            let relay = Relay(stream: core.subscribe())
            // The buffer takes values before downstream demand arrives; the relay starts
            // once the buffer is subscribed, so nothing is sent into an unsubscribed subject.
            return relay.subject
                .buffer(size: 1024, prefetch: .keepFull, whenFull: .dropOldest)
                .handleEvents(receiveSubscription: { _ in relay.start() }, receiveCancel: { relay.cancel() })
                .receive(on: DispatchQueue.main)
                .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }

    /// Forwards a `QueryResultStream` into a subject from a task.
    private final class Relay<ResultData: Decodable & Sendable>: @unchecked Sendable {
        // @unchecked: `subject` is only sent to from the relay task; `task` is behind a lock.
        let subject = PassthroughSubject<QuerySubscriptionElement<ResultData>, Never>()
        private let stream: QueryResultStream<ResultData>
        private let task = Locked<Task<Void, Never>?>(nil)

        init(stream: QueryResultStream<ResultData>) {
            self.stream = stream
        }

        func start() {
            let relayTask = Task { [self] in
                for await element in stream {
                    subject.send(element)
                }
                subject.send(completion: .finished)
            }
            task.withLock { $0 = relayTask }
        }

        func cancel() {
            stream.cancel()
            task.withLock { $0?.cancel() }
        }
    }
}
#endif
