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
        /// Whether a property was ever read: until then nothing can be tracking them.
        var isRead = false

        /// Sets the properties without notifying anyone, unless read before; `true` when done.
        mutating func applyUnread(_ update: QueryUpdate<ResultData>) -> Bool {
            guard !isRead else { return false }
            guard applied.accept(update.version) else { return true }
            switch update.element {
            case .success(let result): (data, source, lastError) = (result.data, result.source, nil)
            case .failure(let error): lastError = error.dataConnectError
            }
            return true
        }
    }

    // Hand-written equivalent of the @Observable expansion, with the storage behind a
    // lock so the ref can be Sendable and read from any thread.
    private let registrar = ObservationRegistrar()
    private let state = Locked(State())
    let core: QueryCore<ResultData, Variable>

    init(core: QueryCore<ResultData, Variable>) {
        self.core = core
        core.observer.withLock { $0 = { [weak self] update in
            // Properties nobody has read change here, at no main-actor hop; read ones on the main actor.
            guard let self, !state.withLock({ $0.applyUnread(update) }) else { return }
            Task { @MainActor in self.apply(update) }
        } }
    }

    /// The latest data, `nil` before the first result.
    public private(set) var data: ResultData? {
        get { read(\.data) { $0.data } }
        set { change(\.data) { $0.data = newValue } }
    }

    /// The error of the latest attempt (execute or subscription refresh), cleared by the next success.
    public private(set) var lastError: DataConnectError? {
        get { read(\.lastError) { $0.lastError } }
        set { change(\.lastError) { $0.lastError = newValue } }
    }

    /// Where `data` came from.
    public private(set) var source: DataSource? {
        get { read(\.source) { $0.source } }
        set { change(\.source) { $0.source = newValue } }
    }

    private func read<Value>(_ keyPath: KeyPath<QueryRefObservation, Value>, _ field: (State) -> Value) -> Value {
        registrar.access(self, keyPath: keyPath)
        return state.withLock { $0.isRead = true; return field($0) }
    }

    private func change<Value>(_ keyPath: KeyPath<QueryRefObservation, Value>, _ body: (inout State) -> Void) {
        registrar.withMutation(of: self, keyPath: keyPath) { state.withLock(body) }
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
            // Unchanged fields are not set: each observation notification builds the key path anew.
            let (oldSource, oldError) = state.withLock { ($0.source, $0.lastError) }
            if oldSource != result.source { source = result.source }
            if oldError != nil { lastError = nil }
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
