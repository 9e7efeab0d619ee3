/// Writes single rendered files (e.g. `sdkgen schema`) so that a run never leaves a half-written file,
/// never touches a file whose bytes are already right (editors and Xcode then see no change), and
/// never replaces a file sdkgen did not generate.
///
/// Unlike `OutputWriter` it keeps no manifest and deletes nothing.
public enum FileWriter {
    /// What a run did.
    public struct Summary: Sendable, Equatable {
        public var written = 0
        public var unchanged = 0
    }

    /// Writes each file (absolute path and contents, which must carry the ownership marker) through
    /// a temporary file in the same folder and a rename, creating parent folders, unless the file
    /// already holds exactly these bytes. Every file is checked before the first is written, so a
    /// refusal leaves the disk as it was. An existing file is replaced only when it carries the marker
    /// or is empty; `replacingUnmarked` lifts that for a folder whose files are all derived (the
    /// emulator's `.dataconnect/schema`, written without the marker).
    public static func write(_ files: [(path: String, contents: String)], replacingUnmarked: Bool = false) throws -> Summary {
        var summary = Summary()
        var pending: [(path: String, contents: String)] = []
        for file in files {
            guard OwnershipMarker.isPresent(in: file.contents) else {
                throw FileSystemError(path: file.path, reason: "the rendered text has no '\(OwnershipMarker.text)' line, so no later run could replace it")
            }
            let (entry, bytes) = try Disk.look(file.path)
            switch entry {
            case .missing:
                pending.append(file)
            case .file:
                let old = bytes ?? []
                if Disk.same(old, file.contents) {
                    summary.unchanged += 1
                } else if replacingUnmarked || OwnershipMarker.owns(old) {
                    pending.append(file)
                } else {
                    throw FileSystemError(path: file.path, reason: "sdkgen did not generate it (no '\(OwnershipMarker.text)' line), so it is not replaced; move it away or choose another folder")
                }
            case .directory:
                throw FileSystemError(path: file.path, reason: "a folder of that name is in the way")
            case .other:
                throw FileSystemError(path: file.path, reason: "it is a symbolic link or special file, which sdkgen never replaces")
            }
        }
        for file in pending {
            if let folder = Paths.parent(file.path), !folder.isEmpty { try Disk.createFolders(folder) }
            try Disk.replace(file.path, with: file.contents)
            summary.written += 1
        }
        return summary
    }
}
