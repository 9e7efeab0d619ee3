/// Client-side `@refresh` for one Data Connect service (the realtime fallback, spec §4.2):
/// re-runs live queries after this process's mutations when `RefreshMatcher` says so, and polls
/// queries with `every` while the server does not push updates.
///
/// Data Connect matches mutations to subscriptions per service, not per connector, so every
/// `DataConnect` instance of the same app and service shares one scheduler (`shared(for:)`).
final class RefreshScheduler: Sendable {
    private struct Entry {
        let query: LiveQuery
        var poll: Task<Void, Never>?
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// Off while a server stream pushes updates; own mutations are matched either way.
        var isPolling = true
    }

    private static let schedulers = Locked<[String: RefreshScheduler]>([:])

    private let clock: any RefreshClock
    private let state = Locked(State())

    init(clock: any RefreshClock = SystemRefreshClock()) {
        self.clock = clock
    }

    /// The scheduler of the service named by `key` (app, project, service, location).
    static func shared(for key: String) -> RefreshScheduler {
        schedulers.withLock { schedulers in
            if let existing = schedulers[key] { return existing }
            let scheduler = RefreshScheduler()
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
        state.withLock { state in
            state.entries[id]?.poll?.cancel()
            state.entries[id] = Entry(query: query, poll: state.isPolling ? poll(query) : nil)
        }
    }

    /// Stops tracking a query whose last subscriber left.
    func remove(_ id: ObjectIdentifier) {
        state.withLock { state in
            state.entries.removeValue(forKey: id)?.poll?.cancel()
        }
    }

    var liveQueryCount: Int {
        state.withLock { $0.entries.count }
    }

    /// Whether queries with `every` are polled: the stream turns it off while the server pushes
    /// their updates, and on again when it cannot.
    func setPolling(_ isPolling: Bool) {
        state.withLock { state in
            guard state.isPolling != isPolling else { return }
            state.isPolling = isPolling
            for (id, entry) in state.entries {
                entry.poll?.cancel()
                state.entries[id]?.poll = isPolling ? poll(entry.query) : nil
            }
        }
    }

    /// Re-runs the live queries that `mutation` refreshes; returns how many.
    @discardableResult
    func mutationCompleted(_ mutation: MutationEvent) -> Int {
        let queries = state.withLock { $0.entries.values.map(\.query) }
        let refreshed = queries.filter { RefreshMatcher.shouldRefresh($0, after: mutation) }
        for query in refreshed {
            Task { await query.refresh() }
        }
        return refreshed.count
    }

    /// A task that refreshes `query` every interval until cancelled; `nil` without `every`.
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
                await query.refresh()
            }
        }
    }
}
