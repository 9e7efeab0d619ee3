#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics

/// What a path names on disk, without following a final symbolic link.
public enum DiskEntry: Equatable, Sendable {
    case missing
    case file
    case directory
    /// A symbolic link, device or other object sdkgen never writes through.
    case other

    /// What `path` names now.
    public init(at path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            self = .missing
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .file
        case S_IFDIR: self = .directory
        default: self = .other
        }
    }

    /// Whether `path` is a folder or a symbolic link to one.
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The bytes of the regular file at `path`.
    public static func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileSystemError.lastError(path) }
        defer { close(descriptor) }
        var info = stat()
        let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
        guard let bytes = FileBytes.readAll(descriptor, size: size) else { throw FileSystemError.lastError(path) }
        return bytes
    }

    /// What `path` names and, for a regular file, whether it holds exactly the UTF-8 bytes of
    /// `text`. One `open` without following links and one `fstat` replace `lstat` + `open` +
    /// `fstat` (a package has a thousand files); `O_NONBLOCK` keeps a FIFO from blocking the open.
    /// Compares piece by piece, so an unchanged multi-megabyte file is never held in memory whole.
    static func probe(_ path: String, equal text: String) -> (entry: DiskEntry, same: Bool) {
        text.withUTF8Bytes { probe(path, equal: $0) }
    }

    /// `probe(_:equal:)` for text given as UTF-8 bytes.
    static func probe(_ path: String, equal text: UnsafeBufferPointer<UInt8>) -> (entry: DiskEntry, same: Bool) {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            // ELOOP is the final symbolic link O_NOFOLLOW refuses; anything else asks lstat.
            return (errno == ELOOP ? .other : DiskEntry(at: path), false)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return (DiskEntry(at: path), false) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return (.file, contents(of: descriptor, size: Int(info.st_size), equal: text))
        case S_IFDIR: return (.directory, false)
        default: return (.other, false)
        }
    }

    private static func contents(of descriptor: Int32, size: Int, equal expected: UnsafeBufferPointer<UInt8>) -> Bool {
        guard size == expected.count else { return false }
        // Uninitialized and no larger than the file needs (one byte more shows a file that grew):
        // zeroing 64 KB for every small generated file cost more than comparing it.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(64 * 1024, expected.count + 1), alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            if count == 0 { return offset == expected.count }
            guard offset + count <= expected.count else { return false }
            guard memcmp(buffer.baseAddress!, expected.baseAddress! + offset, count) == 0 else { return false }
            offset += count
            // All the bytes fstat promised are here and equal: no read just to see the end.
            if offset == size { return true }
        }
    }

    /// The names in the folder at `path` that start with `prefix`, sorted; empty when it cannot be
    /// listed. The prefix is compared with the entry's bytes before a `String` is made: a package
    /// folder holds a thousand files, and a run looks for the few of its own temporary ones.
    public static func names(in path: String, startingWith prefix: String = "") -> [String] {
        guard let stream = opendir(path) else { return [] }
        defer { closedir(stream) }
        let prefix = Array(prefix.utf8)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String? in
                let bytes = raw.prefix { $0 != 0 }
                guard bytes.starts(with: prefix) else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }
            if let name, name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}

/// `read(2)`, named apart from `DiskEntry.read`, which would shadow it.
@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
