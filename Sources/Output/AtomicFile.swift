#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces files so that a reader, or the next run after a crash, sees either the old or the new
/// bytes: the new bytes go to a temporary file in the same folder, reach the disk, then are renamed
/// over the target (a rename within one file system is atomic).
public enum AtomicFile {
    /// Every temporary file starts with this, so a later run recognises and removes leftovers.
    public static let temporaryPrefix = ".sdkgen-tmp-"

    /// Writes `bytes` to `path` atomically; the folder must exist. Leaves no temporary file on failure.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = (folder.isEmpty ? "" : folder + "/") + temporaryPrefix + name + "-" + uniqueSuffix()
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw FileSystemError.lastError(path) }
        var failure: FileSystemError?
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                systemWrite(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                failure = .lastError(path)
                break
            }
            offset += count
        }
        // Without fsync a power loss after the rename could leave an empty file under the real name.
        if failure == nil, fsync(descriptor) != 0 { failure = .lastError(path) }
        if close(descriptor) != 0, failure == nil { failure = .lastError(path) }
        if failure == nil, rename(temporary, path) != 0 { failure = .lastError(path) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// Removes the temporary files an interrupted run left directly in `folder`; returns their paths.
    @discardableResult
    public static func removeLeftovers(in folder: String) -> [String] {
        var removed: [String] = []
        for name in DiskEntry.names(in: folder, startingWith: temporaryPrefix) {
            let path = folder + "/" + name
            if DiskEntry(at: path) == .file, unlink(path) == 0 { removed.append(path) }
        }
        return removed
    }

    /// Process id plus a random part: unique among concurrent runs and within one run.
    private static func uniqueSuffix() -> String {
        "\(getpid())-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }
}

/// `write(2)`, named apart from `AtomicFile.write`, which would shadow it.
@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
