import Foundation
import Observation
#if canImport(Combine)
import Combine
#endif

/// A query ref whose `data`, `source` and `lastError` are observable with the Observation
/// framework (SwiftUI views update automatically).
///
/// Created by `DataConnect.query`; refs are shared per (operation, variables). Property
/// changes happen on the main actor. Reads are thread-safe.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public final class QueryRefObservation<ResultData: Decodable & Sendable, Variable: OperationVariable>:
    ObservableQueryRef, Observable, CustomStringConvertible, Sendable
{
    private struct State: Sendable {
        var data: ResultData?
        var lastError: DataConnectError?
        var source: DataSource?
        var applied = AppliedVersion()
    }

    // Hand-written equivalent of the @Observable expansion, with the storage behind a
    // lock so the ref can be Sendable and read from any thread.
    private let registrar = ObservationRegistrar()
    private let state = Locked(State())
    let core: QueryCore<ResultData, Variable>

    init(core: QueryCore<ResultData, Variable>) {
        self.core = core
        core.observer.withLock { $0 = { [weak self] update in
            guard let self else { return }
            Task { @MainActor in self.apply(update) }
        } }
    }

    /// The latest data, `nil` before the first result.
    public private(set) var data: ResultData? {
        get {
            registrar.access(self, keyPath: \.data)
            return state.withLock { $0.data }
        }
        set {
            registrar.withMutation(of: self, keyPath: \.data) { state.withLock { $0.data = newValue } }
        }
    }

    /// The error of the latest attempt (execute or subscription refresh), cleared by the next success.
    public private(set) var lastError: DataConnectError? {
        get {
            registrar.access(self, keyPath: \.lastError)
            return state.withLock { $0.lastError }
        }
        set {
            registrar.withMutation(of: self, keyPath: \.lastError) { state.withLock { $0.lastError = newValue } }
        }
    }

    /// Where `data` came from.
    public private(set) var source: DataSource? {
        get {
            registrar.access(self, keyPath: \.source)
            return state.withLock { $0.source }
        }
        set {
            registrar.withMutation(of: self, keyPath: \.source) { state.withLock { $0.source = newValue } }
        }
    }

    /// Runs the query per `fetchPolicy` and updates `data`/`source`/`lastError` with a
    /// server outcome. Throws the `DataConnectError` of a failed attempt.
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

    #if canImport(Combine)
    /// Publishes the current result (if any) and every later outcome of this query, on
    /// the main queue, until the subscription is cancelled.
    public func subscribe() async throws -> AnyPublisher<QuerySubscriptionElement<ResultData>, Never> {
        QuerySubscriptionPublisher.make(core: core)
    }
    #else
    /// Delivers the current result (if any) and every later outcome of this query until
    /// cancelled. Firebase returns a Combine publisher; Combine does not exist here.
    public func subscribe() async throws -> QueryResultStream<ResultData> {
        await core.subscribe()
    }
    #endif

    /// The same updates as `subscribe()`, as an `AsyncSequence` on every platform.
    public func subscribeStream() async throws -> QueryResultStream<ResultData> {
        await core.subscribe()
    }

    @MainActor
    private func apply(_ update: QueryUpdate<ResultData>) {
        guard state.withLock({ $0.applied.accept(update.version) }) else { return }
        switch update.element {
        case .success(let result):
            data = result.data
            source = result.source
            if state.withLock({ $0.lastError != nil }) { lastError = nil }
        case .failure(let error):
            lastError = error.dataConnectError
        }
    }

    /// `QueryRefObservation(<operation>)`.
    public var description: String {
        "QueryRefObservation(\(core.operationName))"
    }

    public static func == (lhs: QueryRefObservation, rhs: QueryRefObservation) -> Bool {
        lhs.core.operationName == rhs.core.operationName && lhs.core.variables == rhs.core.variables
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(core.operationName)
        hasher.combine(core.variables)
    }
}
