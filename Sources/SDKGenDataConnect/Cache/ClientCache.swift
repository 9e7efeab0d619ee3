import Foundation

/// The normalized client cache of one `DataConnect` instance (docs/runtime.md, "Client cache"): one
/// `CacheStore` per scope (user and endpoint), kept in memory and, for `.persistent`
/// storage, written to a file per scope in the background after each change.
final class ClientCache: Sendable {
    /// A stored result found by `read`.
    struct Read {
        /// The denormalized `data`, or `nil` when the caller already shows `knownStamp`.
        let data: JSONValue?
        /// The stamp of the last change to this query's data.
        let stamp: QueryStamp
        /// Younger than its max age.
        let isFresh: Bool
    }

    let settings: CacheSettings
    private let environment: RuntimeEnvironment
    /// The lock guards the stores' contents too (`CacheStore` is not thread-safe).
    private let stores = Locked<[CacheScope: CacheStore]>([:])
    private let writer = DispatchQueue(label: "SDKGenDataConnect.ClientCache")

    init(settings: CacheSettings, environment: RuntimeEnvironment) {
        self.settings = settings
        self.environment = environment
    }

    /// The stored result of `key`, marking it recently used. `data` is left out when its
    /// stamp equals `knownStamp` (the caller already has that value decoded).
    func read(scope: CacheScope, key: String, knownStamp: QueryStamp? = nil) -> Read? {
        let now = environment.clock.now
        let store = store(for: scope)
        return stores.withLock { _ -> Read? in
            guard let entry = store.touch(key: key, now: now) else { return nil }
            let maxAge = entry.maxAge ?? settings.maxAge
            let data = entry.changeStamp == knownStamp ? nil : entry.root.denormalized(store.records)
            return Read(data: data, stamp: entry.changeStamp, isFresh: now.timeIntervalSince(entry.cachedAt) < maxAge)
        }
    }

    /// Stores a query response; the one place results enter the cache.
    func write(scope: CacheScope, key: String, data: JSONValue, extensions: JSONValue?, requestStamp: QueryStamp) -> CacheStore.WriteOutcome {
        let now = environment.clock.now
        let maxBytes = environment.cacheMaxBytes
        let store = store(for: scope)
        let (outcome, wasDirty) = stores.withLock { _ in
            let wasDirty = store.isDirty
            return (store.write(key: key, data: data, extensions: extensions, requestStamp: requestStamp, now: now, maxBytes: maxBytes),
                    wasDirty)
        }
        // A store already dirty has its save scheduled, and this change rides along with it.
        if outcome.accepted, !wasDirty { scheduleSave(scope) }
        return outcome
    }

    /// The estimated size of `scope`'s store, for tests and benchmarks.
    func estimatedSize(scope: CacheScope) -> Int {
        let store = store(for: scope)
        return stores.withLock { _ in store.estimatedSize }
    }

    /// Blocks until every scheduled file write has finished.
    func waitForPendingSaves() {
        writer.sync {}
    }

    /// `scope`'s store, read from disk on first use outside the lock, so reads of other scopes
    /// never wait on the file; a racing first use reads the file twice and keeps one store.
    private func store(for scope: CacheScope) -> CacheStore {
        if let store = stores.withLock({ $0[scope] }) { return store }
        let loaded = settings.storage == .persistent
            ? CacheFile.load(scope: scope, directory: environment.cacheDirectory, now: environment.clock.now)
            : CacheStore(scope: scope)
        return stores.withLock { stores in
            if let store = stores[scope] { return store }
            stores[scope] = loaded
            return loaded
        }
    }

    /// Writes `scope`'s store in the background; it snapshots the store and clears `isDirty`
    /// under the same lock as `write`, so a change made after the snapshot schedules another save.
    private func scheduleSave(_ scope: CacheScope) {
        guard settings.storage == .persistent else { return }
        writer.async { [self] in
            let file = stores.withLock { stores -> CacheFile? in
                guard let store = stores[scope], store.isDirty else { return nil }
                store.isDirty = false
                return CacheFile(store: store)
            }
            file?.save(in: environment.cacheDirectory, fileName: scope.fileName)
        }
    }
}
