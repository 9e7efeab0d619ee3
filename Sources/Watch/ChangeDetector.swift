import Diagnostics
import Foundation

/// Finds the input files that changed since the last look, by polling.
///
/// Each poll stats every watched file; contents are read and compared only when its stamp (size,
/// times, inode) changed, so touching a file (or saving it unchanged) is not a change. The state is one
/// snapshot, replaced on every poll, so memory does not grow over a long session.
public struct ChangeDetector {
    struct Entry {
        var stamp: FileStamp
        /// The file's bytes; nil when unreadable (read again on every poll; becoming readable is a change).
        var contents: [UInt8]?
    }

    public private(set) var roots: WatchRoots
    private var snapshot: [String: Entry] = [:]
    /// Every folder the last scan listed, and those of the single watched files (for a missing one, its nearest existing
    /// ancestor): where a change notification can come from.
    public private(set) var folders: Set<String> = []

    /// Starts watching `roots`; what exists now is the baseline, not a change.
    public init(roots: WatchRoots) {
        self.roots = roots
        (snapshot, folders) = scan(reusing: [:])
    }

    public var fileCount: Int { snapshot.count }

    /// The changes since the previous poll (or the baseline).
    public mutating func poll() -> ChangeSet {
        var changes: [String: ChangeSet.Kind] = [:]
        let current: [String: Entry]
        (current, folders) = scan(reusing: snapshot)
        for (path, entry) in current where snapshot[path].map({ $0.contents != entry.contents }) ?? true {
            changes[path] = snapshot[path] == nil ? .added : .modified
        }
        for path in snapshot.keys where current[path] == nil { changes[path] = .removed }
        snapshot = current
        return ChangeSet(changes)
    }

    /// Watches `roots` from now on, taking what exists as the new baseline without reporting it.
    public mutating func rebase(roots: WatchRoots) {
        self.roots = roots
        (snapshot, folders) = scan(reusing: snapshot)
    }

    /// Reads only the files whose stamp differs from `previous`; also returns the folders it looked in.
    private func scan(reusing previous: [String: Entry]) -> (files: [String: Entry], folders: Set<String>) {
        var result: [String: Entry] = [:]
        func visit(_ path: String) {
            guard result[path] == nil, let stamp = FileStamp(regularFileAt: path) else { return }
            if let old = previous[path], old.stamp == stamp, old.contents != nil {
                result[path] = old
            } else {
                result[path] = Entry(stamp: stamp, contents: FileManager.default.contents(atPath: path).map { [UInt8]($0) })
            }
        }
        // Normalized, so that an output folder is excluded however the configuration spelled it.
        let excluded = Set(roots.excluded.map(RelativePath.normalized))
        let files = roots.files.map(RelativePath.normalized).filter { !isExcluded($0, excluded) }
        files.forEach(visit)
        var pending = roots.directories.map(RelativePath.normalized).filter { !isExcluded($0, excluded) }
        var seen: Set<String> = []
        while let folder = pending.popLast() {
            guard seen.insert(folder).inserted else { continue }
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                let path = folder + "/" + name
                if FileStamp.isFolder(path) {
                    if !name.hasPrefix("."), name != "node_modules", !excluded.contains(path) { pending.append(path) }
                } else if let dot = name.lastIndex(of: "."), ["gql", "graphql", "yaml"].contains(name[name.index(after: dot)...]) {
                    visit(path)
                }
            }
        }
        for parent in files.compactMap(RelativePath.parent) { seen.insert(parent.isEmpty ? "/" : parent) }
        // A missing watched folder is announced by its nearest existing ancestor, so that its return wakes the loop too.
        return (result, Set(seen.compactMap(Self.nearestExistingFolder)))
    }

    /// `path` when it is a folder, else its closest ancestor that is.
    private static func nearestExistingFolder(_ path: String) -> String? {
        var folder = path
        while !FileStamp.isFolder(folder) {
            guard folder != "/", let parent = RelativePath.parent(folder) else { return nil }
            folder = parent.isEmpty ? "/" : parent
        }
        return folder
    }

    private func isExcluded(_ path: String, _ excluded: Set<String>) -> Bool {
        excluded.contains { RelativePath.contains($0, path) }
    }
}
