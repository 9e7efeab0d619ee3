import Diagnostics

/// One file the run replaces or creates.
struct FileChange {
    /// Relative to the package folder.
    var path: String
    var bytes: [UInt8]
    /// The bytes on disk, nil when the file does not exist yet.
    var old: [UInt8]?
}

/// What bringing one package folder up to date takes, worked out before anything is written.
struct PackageChanges {
    var directory: String
    var origin: SourceSpan?
    /// A package of an earlier run that this run no longer produces: all its owned files go.
    var retired: Bool
    var writes: [FileChange] = []
    /// Relative paths whose bytes are already right.
    var unchanged: [String] = []
    /// Owned files to delete, relative, with their bytes (for `--check` diffs).
    var deletions: [(path: String, old: [UInt8])] = []
    /// The manifest on disk; empty when there is none, and when it was found current unread.
    var oldManifest = PackageManifest()
    /// The manifest after the run; nil for a retired package, and when the manifest on disk is
    /// already it (then the package is current and nothing reads it).
    var newManifest: PackageManifest?
    /// Existing folders that hold (or held) owned files, where leftovers of a crashed run may lie.
    var ownedFolders: [String] = []

    init(directory: String, origin: SourceSpan?, retired: Bool) {
        self.directory = directory
        self.origin = origin
        self.retired = retired
    }

    var isCurrent: Bool { writes.isEmpty && deletions.isEmpty }

    func absolute(_ relative: String) -> String { directory + "/" + relative }
}
