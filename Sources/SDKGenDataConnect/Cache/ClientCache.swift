import Foundation

/// The normalized client cache of one `DataConnect` instance (docs/runtime.md, "Client cache"): a `CacheStore` per scope
/// (user and endpoint), for `.persistent` storage saved to a file in the background. `DataConnectBackend` state; disk work leaves it.
struct ClientCache {
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
    var stores: [CacheScope: CacheStore] = [:]
    /// The scopes whose file is being written, with the task writing it.
    var saves: [CacheScope: Task<Void, Never>] = [:]
}

extension DataConnectBackend {
    /// The stored result of `key`, marking it recently used; without `data` when its stamp is `knownStamp` (the caller has it).
    func cacheRead(scope: CacheScope, key: String, knownStamp: QueryStamp? = nil) async -> ClientCache.Read? {
        guard let store = await cacheStore(scope), let settings = cache?.settings else { return nil }
        let now = environment.clock.now
        guard let entry = store.touch(key: key, now: now) else { return nil }
        let maxAge = entry.maxAge ?? settings.maxAge
        let data = entry.changeStamp == knownStamp ? nil : entry.root.denormalized(store.records)
        return ClientCache.Read(data: data, stamp: entry.changeStamp, isFresh: now.timeIntervalSince(entry.cachedAt) < maxAge)
    }

    /// Stores a query response; the one place results enter the cache. `nil` without a cache.
    func cacheWrite(scope: CacheScope, key: String, data: JSONValue, extensions: JSONValue?, requestStamp: QueryStamp) async
        -> CacheStore.WriteOutcome?
    {
        guard let store = await cacheStore(scope) else { return nil }
        let outcome = store.write(
            key: key, data: data, extensions: extensions, requestStamp: requestStamp, now: environment.clock.now,
            maxBytes: environment.cacheMaxBytes)
        if outcome.accepted { scheduleSave(scope) }
        return outcome
    }

    /// The estimated size of `scope`'s store, for tests and benchmarks.
    func cacheEstimatedSize(scope: CacheScope) async -> Int {
        await cacheStore(scope)?.estimatedSize ?? 0
    }

    /// Returns once every scheduled file write has finished.
    func waitForPendingSaves() async {
        while let save = cache?.saves.values.first { await save.value }
    }

    /// `scope`'s store, read from disk on first use (off the owner; a racing first use reads twice and keeps one store).
    private func cacheStore(_ scope: CacheScope) async -> CacheStore? {
        guard let settings = cache?.settings else { return nil }
        if let store = cache?.stores[scope] { return store }
        let file = await settings.storage == .persistent
            ? CacheFile.load(scope: scope, directory: environment.cacheDirectory, now: environment.clock.now, warn: environment.warn)
            : nil
        let loaded = CacheStore(scope: scope, queries: file?.queries ?? [:], records: file?.entities ?? [:])
        if let store = cache?.stores[scope] { return store }
        cache?.stores[scope] = loaded
        return loaded
    }

    /// Saves `scope`'s store in the background (snapshot on the owner, write off it, again while changes came): coalesced, one at a time.
    private func scheduleSave(_ scope: CacheScope) {
        guard cache?.settings.storage == .persistent, cache?.saves[scope] == nil else { return }
        cache?.saves[scope] = spawn { owner in
            while let store = owner.cache?.stores[scope], store.isDirty {
                store.isDirty = false
                let environment = owner.environment
                await CacheFile(store: store).save(in: environment.cacheDirectory, fileName: scope.fileName, warn: environment.warn)
            }
            owner.cache?.saves[scope] = nil
        }
    }
}
