#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the project files `sdkgen init` creates or edits. Unlike generated output these are the
/// user's files: a new file never replaces anything, and an edit only lands on the bytes it was
/// computed from.
public enum ProjectFileWriter {
    /// Creates every file (absolute path, contents) and its missing folders. All paths are checked
    /// first, so when one exists nothing is written; each file is then created exclusively
    /// (`O_EXCL`), so a file that appears meanwhile is not overwritten either.
    public static func create(_ files: [(path: String, contents: String)]) throws {
        for file in files where DiskEntry(at: file.path) != .missing {
            throw FileSystemError(path: file.path, reason: "it already exists, and sdkgen init never overwrites a file")
        }
        for file in files {
            if let folder = Paths.parent(file.path), !folder.isEmpty { try Disk.createFolders(folder) }
            let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw FileSystemError.lastError(file.path) }
            let written = Disk.writeAll(file.contents, to: descriptor)
            let closed = close(descriptor) == 0
            guard written, closed else { throw FileSystemError.lastError(file.path) }
        }
    }

    /// Replaces the regular file at `path`, which must still hold `expected`, with `contents`
    /// through a temporary file and a rename, keeping the file's permissions.
    public static func update(_ path: String, from expected: [UInt8], to contents: String) throws {
        let (entry, bytes) = try Disk.look(path)
        guard entry == .file else { throw FileSystemError(path: path, reason: "it is no longer a regular file") }
        guard bytes == expected else { throw FileSystemError(path: path, reason: "it changed while sdkgen init was editing it; run sdkgen init again") }
        var info = stat()
        let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        try Disk.replace(path, with: contents, mode: mode)
    }
}
