/// Writes single rendered files (e.g. `sdkgen schema`) so that a run never leaves a half-written file
/// and never touches a file whose bytes are already right (editors and Xcode then see no change).
///
/// Unlike `OutputWriter` it keeps no manifest: the folder it writes into is entirely sdkgen's.
public enum FileWriter {
    /// What happened to one file.
    public enum Outcome: Sendable, Equatable {
        case written
        case unchanged
    }

    /// Writes `contents` to `path` through a temporary file in the same folder and a rename,
    /// creating parent folders, unless the file already holds exactly these bytes.
    public static func write(_ contents: String, to path: String) throws -> Outcome {
        if let old = try? Disk.look(path).bytes, Disk.same(old, contents) { return .unchanged }
        if let folder = Paths.parent(path), !folder.isEmpty { try Disk.createFolders(folder) }
        try Disk.replace(path, with: contents)
        return .written
    }
}
