#if canImport(Combine)
import Combine
import Foundation

/// Bridges a query subscription to Combine, for the Firebase-compatible `subscribe()`.
enum QuerySubscriptionPublisher {
    static func make<ResultData: Decodable & Sendable, Variable: OperationVariable>(
        core: QueryCore<ResultData, Variable>
    ) -> AnyPublisher<QuerySubscriptionElement<ResultData>, Never> {
        Deferred { () -> AnyPublisher<QuerySubscriptionElement<ResultData>, Never> in
            let relay = Relay(core: core)
            // The buffer takes values before downstream demand; the relay starts once it is subscribed, never sending into the void.
            return relay.subject
                .buffer(size: 1024, prefetch: .keepFull, whenFull: .dropOldest)
                .handleEvents(receiveSubscription: { _ in relay.start() }, receiveCancel: { relay.cancel() })
                .receive(on: DispatchQueue.main)
                .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }

    /// Forwards the `QueryResultStream` into a subject from a task; cancelling the task ends the subscription.
    private final class Relay<ResultData: Decodable & Sendable, Variable: OperationVariable>: @unchecked Sendable {
        // @unchecked: `subject` is only sent to from the relay task; `task` is behind a lock that guards only it.
        let subject = PassthroughSubject<QuerySubscriptionElement<ResultData>, Never>()
        private let core: QueryCore<ResultData, Variable>
        private let task = Locked<Task<Void, Never>?>(nil)

        init(core: QueryCore<ResultData, Variable>) {
            self.core = core
        }

        func start() {
            let relayTask = Task { [self] in
                for await element in await core.subscribe() { subject.send(element) }
                subject.send(completion: .finished)
            }
            task.withLock { $0 = relayTask }
        }

        func cancel() {
            task.withLock { $0?.cancel() }
        }
    }
}
#endif
