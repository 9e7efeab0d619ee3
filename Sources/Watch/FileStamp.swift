#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a regular file, enough to tell that it has not changed since: an edit changes the times, a save
/// by renaming a new file into place the inode, and the status-change time cannot be set back (`touch -d` cannot).
struct FileStamp: Equatable {
    private var size: Int64
    private var times: [Int]
    private var inode: UInt64
    private var device: UInt64

    /// The stamp of the regular file `path` names (following links); nil when it is missing or no regular file.
    init?(regularFileAt path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        size = Int64(info.st_size)
        #if canImport(Darwin)
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
        let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        times = [Int(modified.tv_sec), Int(modified.tv_nsec), Int(changed.tv_sec), Int(changed.tv_nsec)]
        inode = UInt64(info.st_ino)
        device = UInt64(info.st_dev)
    }

    /// Whether `path` is a folder itself, not a symbolic link to one.
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
