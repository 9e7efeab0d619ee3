/// Client-side `@refresh` of one `DataConnect` instance (docs/realtime.md, "Client-side rules"): its live queries and
/// their polling tasks. `DataConnectBackend` owns it, runs the polls and re-executions, and feeds it every mutation of the service.
struct RefreshScheduler {
    private var entries: [ObjectIdentifier: (query: LiveQuery, poll: Task<Void, Never>?)] = [:]

    /// Starts tracking a query that got its first subscriber, with its polling task (if any).
    mutating func add(_ id: ObjectIdentifier, _ query: LiveQuery, poll: Task<Void, Never>?) {
        entries[id]?.poll?.cancel()
        entries[id] = (query, poll)
    }

    /// Stops tracking a query whose last subscriber left, ending its polling.
    mutating func remove(_ id: ObjectIdentifier) {
        entries.removeValue(forKey: id)?.poll?.cancel()
    }

    var liveQueryCount: Int {
        entries.count
    }

    /// The live queries that `mutation` refreshes.
    func refreshed(by mutation: MutationEvent) -> [ObjectIdentifier] {
        entries.filter { RefreshMatcher.shouldRefresh($0.value.query, after: mutation) }.map(\.key)
    }
}
