import Foundation

/// The on-disk form of one `CacheStore`: a JSON file written atomically (to a temporary
/// file, then renamed over the old one), so a crash mid-write leaves the previous file.
/// Folder and file are readable by their owner only.
struct CacheFile: Codable {
    static let currentFormat = 1

    var format: Int
    /// `CacheScope.identity`; a file whose identity differs is not used.
    var identity: String
    var queries: [String: CachedQuery]
    var entities: [String: EntityRecord]

    init(store: CacheStore) {
        format = CacheFile.currentFormat
        identity = store.scope.identity
        queries = store.queries
        entities = store.records
    }

    /// The store saved for `scope` in `directory`, or an empty one when there is none. A file
    /// that cannot be read or decoded, or belongs to another scope, is discarded with a warning.
    /// Opening tightens the folder and file to owner-only and removes stale temporary files.
    static func load(scope: CacheScope, directory: URL, now: Date) -> CacheStore {
        CacheDirectory.prepare(directory, now: now)
        let url = directory.appendingPathComponent(scope.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return CacheStore(scope: scope) }
        CacheDirectory.restrict(url, to: 0o600)
        do {
            let file = try JSONDecoder().decode(CacheFile.self, from: Data(contentsOf: url))
            guard file.format == currentFormat else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "unknown format \(file.format)"])
            }
            guard file.identity == scope.identity else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the file belongs to another cache"])
            }
            return CacheStore(scope: scope, queries: file.queries, records: file.entities)
        } catch {
            RuntimeLog.warning("discarding the unreadable cache file \(url.path): \(error)")
            try? FileManager.default.removeItem(at: url)
            return CacheStore(scope: scope)
        }
    }

    /// Writes the file into `directory`, creating the folder. Failures are logged, not thrown:
    /// the cache then simply does not survive the process.
    func save(in directory: URL, fileName: String) {
        do {
            try CacheDirectory.createPrivate(directory)
            try CacheDirectory.writeAtomically(JSONEncoder().encode(self), fileName: fileName, in: directory)
        } catch {
            RuntimeLog.warning("cannot write the cache file \(fileName) in \(directory.path): \(error)")
        }
    }
}
