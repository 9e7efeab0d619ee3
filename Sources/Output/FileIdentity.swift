#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a file or folder, enough to tell that it has not changed since.
///
/// Size, modification and status-change times and inode: an edit changes the times, a save by
/// renaming a new file into place changes the inode, and the status-change time cannot be set back
/// by hand (`touch -d` can reset the modification time, not this one).
public struct FileIdentity: Equatable, Sendable {
    public var size: Int64
    public var modified: Timestamp
    public var changed: Timestamp
    public var inode: UInt64
    public var device: UInt64

    public init(size: Int64, modified: Timestamp, changed: Timestamp, inode: UInt64, device: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
        self.device = device
    }

    /// The identity of what `path` names, following symbolic links; nil when it does not exist.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The identity of the regular file `path` names (following symbolic links); nil when it is
    /// missing or not a regular file.
    public static func ofRegularFile(at path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileIdentity(info)
    }

    init(_ info: stat) {
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = Timestamp(seconds: Int64(info.st_mtimespec.tv_sec), nanoseconds: Int64(info.st_mtimespec.tv_nsec))
        changed = Timestamp(seconds: Int64(info.st_ctimespec.tv_sec), nanoseconds: Int64(info.st_ctimespec.tv_nsec))
        #else
        modified = Timestamp(seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
        changed = Timestamp(seconds: Int64(info.st_ctim.tv_sec), nanoseconds: Int64(info.st_ctim.tv_nsec))
        #endif
        inode = UInt64(info.st_ino)
        device = UInt64(info.st_dev)
    }

    /// `size:mtime:ctime:inode:device`, times as `seconds.nanoseconds`; one token without spaces.
    public var text: String {
        "\(size):\(modified.text):\(changed.text):\(inode):\(device)"
    }
}

/// A point in wall-clock time with the file system's nanosecond resolution.
public struct Timestamp: Comparable, Sendable {
    public var seconds: Int64
    public var nanoseconds: Int64

    public init(seconds: Int64, nanoseconds: Int64) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The current wall-clock time, the clock file times are taken from.
    public static func now() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
    }

    /// This time moved back by `seconds`.
    public func minus(seconds delta: Int64) -> Timestamp {
        Timestamp(seconds: seconds - delta, nanoseconds: nanoseconds)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// `seconds.nanoseconds`.
    public var text: String { "\(seconds).\(nanoseconds)" }
}
