/// Client-side `@refresh` of one `DataConnect` instance (docs/realtime.md, "Client-side rules"):
/// the live queries, which of them a mutation of this process refreshes (`RefreshMatcher`),
/// and the polling task of each query with `every`. Owned by `DataConnectBackend`, which
/// runs the polls and the re-executions; mutations reach the instances of every connector
/// of the service (`DataConnectBackend.mutationCompleted`).
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
