import Foundation

/// The on-disk form of one `CacheStore`: a JSON file, written by `CacheDirectory`.
struct CacheFile: Codable, Sendable {
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

    /// The file saved for `scope`, if any (an unreadable or foreign one is discarded with a warning); tightens permissions and
    /// removes stale temporary files. Async: off the caller's actor, on a large stack (`LargeStack`).
    static func load(scope: CacheScope, directory: URL, now: Date, warn: @escaping @Sendable (String) -> Void) async -> CacheFile? {
        await LargeStack.run { read(scope: scope, directory: directory, now: now, warn: warn) }
    }

    private static func read(scope: CacheScope, directory: URL, now: Date, warn: @Sendable (String) -> Void) -> CacheFile? {
        CacheDirectory.prepare(directory, now: now)
        let url = directory.appendingPathComponent(scope.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        CacheDirectory.restrict(url, to: 0o600)
        do {
            let file = try JSONDecoder().decode(CacheFile.self, from: Data(contentsOf: url))
            guard file.format == currentFormat, file.identity == scope.identity else {
                let reason = file.format == currentFormat ? "the file belongs to another cache" : "unknown format \(file.format)"
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: reason])
            }
            return file
        } catch {
            warn("discarding the unreadable cache file \(url.path): \(error)")
            try? FileManager.default.removeItem(at: url)
            return nil
        }
    }

    /// Writes the file into `directory`, creating the folder; a failure is only logged. Async: off the caller's actor, on a
    /// large stack (`LargeStack`).
    func save(in directory: URL, fileName: String, warn: @escaping @Sendable (String) -> Void) async {
        await LargeStack.run { [self] in
            do {
                try CacheDirectory.createPrivate(directory)
                try CacheDirectory.writeAtomically(JSONEncoder().encode(self), fileName: fileName, in: directory)
            } catch {
                warn("cannot write the cache file \(fileName) in \(directory.path): \(error)")
            }
        }
    }
}
