#if canImport(Combine)
import Combine
import Foundation

/// A query ref whose `data`, `source` and `lastError` are `@Published` (`ObservableObject`), for OS versions before Observation.
///
/// Created by `DataConnect.query`; refs are shared per (operation, variables). Properties change on the main actor only.
public final class QueryRefObservableObject<ResultData: Decodable & Sendable, Variable: OperationVariable>:
    ObservableObject, ObservableQueryRef, CustomStringConvertible, @unchecked Sendable
{
    // @unchecked: the @Published storage is written on the main actor only.

    /// The latest data, `nil` before the first result.
    @Published public private(set) var data: ResultData?
    /// The error of the latest attempt, cleared by the next success.
    @Published public private(set) var lastError: DataConnectError?
    /// Where `data` came from.
    @Published public private(set) var source: DataSource?

    private let applied = Locked(AppliedVersion())
    let core: QueryCore<ResultData, Variable>

    init(core: QueryCore<ResultData, Variable>) {
        self.core = core
        core.observer.withLock { $0 = { [weak self] update in Task { @MainActor in self?.apply(update) } } }
    }

    /// Runs the query per `fetchPolicy`, publishing a server outcome. Throws the `DataConnectError` of a failed attempt.
    @MainActor
    public func execute(fetchPolicy: QueryFetchPolicy = .preferCache) async throws -> OperationResult<ResultData> {
        switch try await core.execute(fetchPolicy: fetchPolicy) {
        case .cached(let result):
            return result
        case .fetched(let update):
            apply(update)
            return try update.resultOrThrow()
        }
    }

    /// Publishes the current result (if any) and every later outcome, on the main queue, until the subscription is cancelled.
    public func subscribe() async throws -> AnyPublisher<QuerySubscriptionElement<ResultData>, Never> {
        QuerySubscriptionPublisher.make(core: core)
    }

    /// The same updates as `subscribe()`, as an `AsyncSequence`.
    public func subscribeStream() async throws -> QueryResultStream<ResultData> {
        await core.subscribe()
    }

    @MainActor
    private func apply(_ update: QueryUpdate<ResultData>) {
        guard applied.withLock({ $0.accept(update.version) }) else { return }
        switch update.element {
        case .success(let result):
            data = result.data
            if source != result.source { source = result.source }
            if lastError != nil { lastError = nil }
        case .failure(let error):
            lastError = error.dataConnectError
        }
    }

    /// `QueryRefObservableObject(<operation>)`.
    public var description: String {
        "QueryRefObservableObject(\(core.operationName))"
    }

    public static func == (lhs: QueryRefObservableObject, rhs: QueryRefObservableObject) -> Bool {
        lhs.core.operationName == rhs.core.operationName && lhs.core.variables == rhs.core.variables
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(core.operationName)
        hasher.combine(core.variables)
    }
}
#else
/// Without Combine (Linux) there is no `ObservableObject`: packages generated with `observablePublisher: observableObject`
/// get the Observation-based ref, with the same members, under Firebase's name, so their code compiles and behaves alike.
public typealias QueryRefObservableObject<ResultData: Decodable & Sendable, Variable: OperationVariable> =
    QueryRefObservation<ResultData, Variable>
#endif
