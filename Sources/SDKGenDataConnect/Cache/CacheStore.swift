import Foundation

/// One query's entry in a store.
struct CachedQuery: Codable, Sendable {
    var root: ResultNode
    var cachedAt: Date
    var lastAccessed: Date
    /// The response's own max age, overriding `CacheSettings.maxAge`.
    var maxAge: TimeInterval?
    /// The stamp of the request whose response this is; an older response is refused.
    var requestStamp: QueryStamp
    /// The stamp of the last change to this query's data (its tree or a referenced record).
    var changeStamp: QueryStamp
    var entityIDs: Set<String> = []
    let size: Int

    private enum CodingKeys: String, CodingKey {
        case root, cachedAt, lastAccessed, maxAge
    }

    init(root: ResultNode, cachedAt: Date, maxAge: TimeInterval?, requestStamp: QueryStamp, changeStamp: QueryStamp) {
        self.root = root
        self.cachedAt = cachedAt
        lastAccessed = cachedAt
        self.maxAge = maxAge
        self.requestStamp = requestStamp
        self.changeStamp = changeStamp
        root.collectEntityIDs(into: &entityIDs)
        size = root.estimatedSize + 64
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            root: try container.decode(ResultNode.self, forKey: .root),
            cachedAt: Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .cachedAt)),
            maxAge: try container.decodeIfPresent(Double.self, forKey: .maxAge), requestStamp: .zero, changeStamp: .zero)
        lastAccessed = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .lastAccessed))
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(root, forKey: .root)
        try container.encode(cachedAt.timeIntervalSince1970, forKey: .cachedAt)
        try container.encode(lastAccessed.timeIntervalSince1970, forKey: .lastAccessed)
        try container.encodeIfPresent(maxAge, forKey: .maxAge)
    }
}

/// The cache of one scope (app, connector, user): query trees keyed by query, entity
/// records keyed by entity id, and which queries refer to each record. Bounded by an
/// estimate of its stored size; the least recently used queries go first.
///
/// Not thread-safe: only its owner (`DataConnectBackend`, through `ClientCache`) calls it.
final class CacheStore {
    /// What writing one result changed.
    struct WriteOutcome {
        /// `false` when the store already holds a result of a newer request for this query.
        let accepted: Bool
        let stamp: QueryStamp
        /// The query's data as stored, when it differs from the response (a newer result
        /// of another query had already updated one of its entities).
        let ownData: JSONValue?
        /// Other queries whose data changed, with their new data.
        let impacted: [(key: String, data: JSONValue)]
    }

    let scope: CacheScope
    private(set) var queries: [String: CachedQuery]
    private(set) var records: [String: EntityRecord]
    private var references: [String: Set<String>] = [:]
    private(set) var estimatedSize = 0
    /// Changed since last written to disk.
    var isDirty = false

    init(scope: CacheScope, queries: [String: CachedQuery] = [:], records: [String: EntityRecord] = [:]) {
        self.scope = scope
        let loaded = QueryStamp.next()
        var references: [String: Set<String>] = [:]
        for (key, query) in queries {
            for id in query.entityIDs { references[id, default: []].insert(key) }
        }
        self.queries = queries.mapValues { query in
            var query = query
            query.changeStamp = loaded
            return query
        }
        // Records no query refers to are dead weight from an older file.
        self.records = records.filter { references[$0.key] != nil }
        self.references = references
        estimatedSize = queries.values.reduce(0) { $0 + $1.size } + self.records.values.reduce(0) { $0 + $1.estimatedSize }
    }

    /// Stores `data` as the result of `key` from a request stamped `requestStamp`.
    func write(
        key: String, data: JSONValue, extensions: JSONValue?, requestStamp: QueryStamp, now: Date, maxBytes: Int
    ) -> WriteOutcome {
        let existing = queries[key]
        if let existing, existing.requestStamp >= requestStamp {
            return WriteOutcome(accepted: false, stamp: existing.changeStamp, ownData: nil, impacted: [])
        }
        let stamp = QueryStamp.next()
        // A result larger than the whole store is not kept: normalizing it would double its
        // memory, and storing it would evict every other result before itself.
        guard data.estimatedSize <= maxBytes else {
            dropUnreferenced(remove(key))
            isDirty = true
            return WriteOutcome(accepted: true, stamp: stamp, ownData: nil, impacted: [])
        }
        let output = ResultNormalizer(extensions: extensions).normalize(data)

        var impactedKeys: Set<String> = []
        var keptNewer = false
        for (id, fields) in output.entities {
            let before = records[id]?.estimatedSize ?? 0
            // In place: merging into a copy would copy the record's fields.
            let merged = records[id, default: EntityRecord(fields: [:], stamp: .zero)].merge(fields, stamp: requestStamp)
            if merged.changed { for other in references[id] ?? [] where other != key { impactedKeys.insert(other) } }
            keptNewer = keptNewer || merged.keptNewer
            estimatedSize += records[id]!.estimatedSize - before
        }

        let entry = CachedQuery(
            root: output.root, cachedAt: now, maxAge: ResultNormalizer.maxAge(extensions: extensions),
            requestStamp: requestStamp, changeStamp: stamp)
        let sameEntities = existing?.entityIDs == entry.entityIDs
        let released = sameEntities ? [] : remove(key)
        estimatedSize += entry.size - (queries.updateValue(entry, forKey: key)?.size ?? 0)
        if !sameEntities { for id in entry.entityIDs { references[id, default: []].insert(key) } }
        dropUnreferenced(released)

        for impacted in impactedKeys { queries[impacted]?.changeStamp = stamp }
        evict(maxBytes: maxBytes, keeping: key)
        isDirty = true
        let impacted = impactedKeys.sorted().compactMap { impactedKey -> (key: String, data: JSONValue)? in
            guard let query = queries[impactedKey] else { return nil }
            return (impactedKey, query.root.denormalized(records))
        }
        return WriteOutcome(
            accepted: true, stamp: stamp, ownData: keptNewer ? queries[key]?.root.denormalized(records) : nil, impacted: impacted)
    }

    /// The entry of `key`, marked as used at `now`.
    func touch(key: String, now: Date) -> CachedQuery? {
        queries[key]?.lastAccessed = now
        return queries[key]
    }

    /// Removes the least recently used queries (never `kept` unless it alone is too big)
    /// and the records only they referred to, until the estimate fits `maxBytes`.
    private func evict(maxBytes: Int, keeping kept: String) {
        guard estimatedSize > maxBytes else { return }
        let candidates = queries.filter { $0.key != kept }.sorted { $0.value.lastAccessed < $1.value.lastAccessed }.map(\.key)
        for key in candidates + [kept] {
            guard estimatedSize > maxBytes else { return }
            dropUnreferenced(remove(key))
        }
    }

    /// Removes `key`'s tree and returns the ids it referred to.
    private func remove(_ key: String) -> Set<String> {
        guard let old = queries.removeValue(forKey: key) else { return [] }
        estimatedSize -= old.size
        for id in old.entityIDs {
            references[id]?.remove(key)
        }
        return old.entityIDs
    }

    private func dropUnreferenced(_ ids: Set<String>) {
        for id in ids where references[id]?.isEmpty ?? true {
            references[id] = nil
            if let record = records.removeValue(forKey: id) {
                estimatedSize -= record.estimatedSize
            }
        }
    }
}
