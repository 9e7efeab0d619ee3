#if !canImport(Combine)
import Foundation
import Observation

/// The query ref that packages generated with `observablePublisher: observableObject` use,
/// on platforms without Combine (Linux).
///
/// It has the members of Firebase's `ObservableObject` class (`data`, `lastError`, `source`,
/// `execute(fetchPolicy:)`, `subscribe()`), so generated code compiles unchanged. Changes
/// are observed through `subscribe()`'s `AsyncSequence` or, as with `QueryRefObservation`,
/// through the Observation framework. Created by `DataConnect.query`; refs are shared per
/// (operation, variables). Properties change on the main actor; reads are thread-safe.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public final class QueryRefObservableObject<ResultData: Decodable & Sendable, Variable: OperationVariable>:
    ObservableQueryRef, Observable, CustomStringConvertible, Sendable
{
    private struct State: Sendable {
        var data: ResultData?
        var lastError: DataConnectError?
        var source: DataSource?
        var applied = AppliedVersion()
    }

    private let registrar = ObservationRegistrar()
    private let state = Locked(State())
    let core: QueryCore<ResultData, Variable>

    init(core: QueryCore<ResultData, Variable>) {
        self.core = core
        core.setObserver { [weak self] update in
            guard let self else { return }
            Task { @MainActor in self.apply(update) }
        }
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

    /// The error of the latest attempt, cleared by the next success.
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

    /// Runs the query per `fetchPolicy` and updates `data`/`source`/`lastError`. Throws the
    /// `DataConnectError` of a failed attempt.
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

    /// Delivers the current result (if any) and every later outcome of this query until
    /// cancelled. Firebase returns a Combine publisher; Combine does not exist here.
    public func subscribe() async throws -> QueryResultStream<ResultData> {
        core.subscribe()
    }

    /// The same updates as `subscribe()`.
    public func subscribeStream() async throws -> QueryResultStream<ResultData> {
        core.subscribe()
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
#endif
