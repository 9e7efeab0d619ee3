/// Client-side `@refresh` for one Data Connect service (docs/realtime.md, "Client-side rules"):
/// re-runs live queries after this process's mutations when `RefreshMatcher` says so, and polls
/// queries with `every` whose results the server does not push (`LiveQuery.isPushed`).
///
/// Data Connect matches mutations to subscriptions per service, not per connector, so every
/// `DataConnect` instance of the same app and service shares one scheduler (`shared(for:)`).
final class RefreshScheduler: Sendable {
    private struct Entry {
        let query: LiveQuery
        let poll: Task<Void, Never>?
    }

    private static let schedulers = Locked<[String: RefreshScheduler]>([:])

    private let clock: any RuntimeClock
    private let entries = Locked<[ObjectIdentifier: Entry]>([:])

    init(clock: any RuntimeClock) {
        self.clock = clock
    }

    /// The scheduler of the service named by `key` (app, project, service, location),
    /// made with `clock` by its first caller.
    static func shared(for key: String, clock: any RuntimeClock) -> RefreshScheduler {
        schedulers.withLock { schedulers in
            if let existing = schedulers[key] { return existing }
            let scheduler = RefreshScheduler(clock: clock)
            schedulers[key] = scheduler
            return scheduler
        }
    }

    /// Forgets the schedulers whose key starts with `prefix` (an app being deleted).
    static func removeShared(prefix: String) {
        schedulers.withLock { schedulers in
            schedulers = schedulers.filter { !$0.key.hasPrefix(prefix) }
        }
    }

    /// Starts tracking a query that got its first subscriber.
    func add(_ id: ObjectIdentifier, _ query: LiveQuery) {
        entries.withLock { entries in
            entries[id]?.poll?.cancel()
            entries[id] = Entry(query: query, poll: poll(query))
        }
    }

    /// Stops tracking a query whose last subscriber left.
    func remove(_ id: ObjectIdentifier) {
        entries.withLock { entries in
            entries.removeValue(forKey: id)?.poll?.cancel()
        }
    }

    var liveQueryCount: Int {
        entries.withLock { $0.count }
    }

    /// Re-runs the live queries that `mutation` refreshes; returns how many.
    @discardableResult
    func mutationCompleted(_ mutation: MutationEvent) -> Int {
        let queries = entries.withLock { $0.values.map(\.query) }
        let refreshed = queries.filter { RefreshMatcher.shouldRefresh($0, after: mutation) }
        for query in refreshed {
            Task { await query.refresh() }
        }
        return refreshed.count
    }

    /// A task that refreshes `query` every interval until cancelled, skipping the intervals in
    /// which the server pushes its results; `nil` without `every`.
    private func poll(_ query: LiveQuery) -> Task<Void, Never>? {
        guard let interval = query.rules?.interval else { return nil }
        return Task { [clock] in
            while true {
                do {
                    try await clock.sleep(seconds: interval)
                } catch {
                    return
                }
                guard !Task.isCancelled else { return }
                if !query.isPushed() { await query.refresh() }
            }
        }
    }
}
