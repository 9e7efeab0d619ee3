import Diagnostics
import Foundation

/// What a path names, without following a final symbolic link.
enum DiskEntry: Equatable {
    case missing
    case file
    case directory
    /// A symbolic link, device or other object sdkgen never writes through, replaces or deletes.
    case other

    init(at path: String) {
        var info = stat()
        self = lstat(path, &info) == 0 ? DiskEntry(mode: info.st_mode) : .missing
    }

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .file
        case S_IFDIR: self = .directory
        default: self = .other
        }
    }
}

/// The file operations of the writer, on plain system calls so that links are never followed.
enum Disk {
    /// Every temporary file starts with this; `<pid>-<random>` follows.
    static let temporaryPrefix = ".sdkgen-tmp-"

    /// What `path` names and, for a regular file, its bytes: one `open` that follows no final link (`O_NONBLOCK`: a FIFO
    /// must not block it) and one `fstat`.
    static func look(_ path: String) throws -> (entry: DiskEntry, bytes: [UInt8]?) {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            // ENOTDIR: a part of the path is a file (the callers report those apart).
            if errno == ENOENT || errno == ENOTDIR { return (.missing, nil) }
            let error = FileSystemError.lastError(path)
            let entry = DiskEntry(at: path)
            if entry == .file { throw error }
            return (entry, nil)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemError.lastError(path) }
        let entry = DiskEntry(mode: info.st_mode)
        guard entry == .file else { return (entry, nil) }
        guard let bytes = FileBytes.readAll(descriptor, size: Int(info.st_size)) else { throw FileSystemError.lastError(path) }
        return (entry, bytes)
    }

    /// Whether `bytes` are exactly the UTF-8 bytes of `text`.
    static func same(_ bytes: [UInt8], _ text: String) -> Bool {
        text.withUTF8Bytes { text in
            bytes.withUnsafeBufferPointer { bytes in
                bytes.count == text.count && (bytes.isEmpty || memcmp(bytes.baseAddress!, text.baseAddress!, bytes.count) == 0)
            }
        }
    }

    /// Replaces `path` with `text` through a temporary file in the same folder and a `rename`, so a reader sees the old or
    /// the new bytes, never part of them. No `fsync`: the files are derived, and the next run rewrites any that a crash
    /// left wrong. `mode` sets the new file's permissions exactly; without it they are 0644 less the umask.
    static func replace(_ path: String, with text: String, mode: mode_t? = nil) throws {
        let temporary = (RelativePath.parent(path) ?? ".") + "/" + temporaryPrefix + "\(getpid())-"
            + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        try create(temporary, with: text, mode: mode, shownAs: path)
        guard rename(temporary, path) == 0 else {
            let failure = FileSystemError.lastError(path)
            unlink(temporary)
            throw failure
        }
    }

    /// Creates `path` with `text`, failing when anything is there already (`O_EXCL`), so that no file of the user's that
    /// appears meanwhile is replaced; errors name `shown` (the file a temporary one stands for) when given.
    static func create(_ path: String, with text: String, mode: mode_t? = nil, shownAs shown: String? = nil) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST, shown == nil {
                throw FileSystemError(path: path, reason: "it already exists, and sdkgen never overwrites a file of yours")
            }
            throw FileSystemError.lastError(shown ?? path)
        }
        var failure: FileSystemError?
        if let mode, fchmod(descriptor, mode) != 0 { failure = .lastError(shown ?? path) }
        if failure == nil, !writeAll(text, to: descriptor) { failure = .lastError(shown ?? path) }
        if close(descriptor) != 0, failure == nil { failure = .lastError(shown ?? path) }
        if let failure {
            unlink(path)
            throw failure
        }
    }

    /// The first `limit` bytes of the regular file at `path`, reached without following a final link; nil if unreadable.
    static func head(_ path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, limit - count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        return Array(bytes.prefix(count))
    }

    /// The regular files below `folder` that SwiftPM would see (no hidden part, no link followed), relative, unsorted.
    static func visibleFiles(in folder: String) -> [String] {
        var files: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            guard let listing = opendir(relative.isEmpty ? folder : folder + "/" + relative) else { continue }
            while let entry = readdir(listing) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                guard !name.hasPrefix(".") else { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                let type = Int(entry.pointee.d_type)
                let kind = type == Int(DT_UNKNOWN) ? DiskEntry(at: folder + "/" + path)
                    : type == Int(DT_DIR) ? .directory : type == Int(DT_REG) ? .file : .other
                if kind == .directory { pending.append(path) } else if kind == .file { files.append(path) }
            }
            closedir(listing)
        }
        return files
    }

    /// Writes all of `text` to `descriptor`, retrying short writes; false (with `errno` set) on failure.
    static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
        text.withUTF8Bytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if count < 0, errno != EINTR { return false }
                offset += max(count, 0)
            }
            return true
        }
    }

    /// Whether `name` is a temporary file of `replace`: prefix, process id, random part (older versions put a name first).
    static func isTemporary(_ name: String) -> Bool {
        guard name.hasPrefix(temporaryPrefix) else { return false }
        let parts = name.utf8.dropFirst(temporaryPrefix.utf8.count).split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count >= 2, let random = parts.last, !random.isEmpty, !parts[parts.count - 2].isEmpty else { return false }
        return parts[parts.count - 2].allSatisfy { (0x30...0x39).contains($0) }
            && random.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) }
    }

    /// The regular files directly in `folder` that interrupted runs left (see `isTemporary`), sorted.
    static func leftovers(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter(isTemporary).sorted().map { folder + "/" + $0 }.filter { DiskEntry(at: $0) == .file }
    }

    /// Whether `path` is a folder or a symbolic link to one.
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Creates `path` and its missing parents; fails naming the first part that exists but is no folder.
    static func createFolders(_ path: String) throws {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            guard !isFolder(current), mkdir(current, 0o755) != 0 else { continue }
            let failure = FileSystemError.lastError(current)
            if isFolder(current) { continue }
            throw DiskEntry(at: current) == .missing ? failure : FileSystemError(path: current, reason: "exists but is not a folder")
        }
    }

    /// Removes `folder` and the empty folders above it up to `stop` (itself when `includingStop`); `rmdir` follows no link.
    static func removeEmptyFolders(from folder: String, upTo stop: String, includingStop: Bool) {
        var folder = folder
        while folder.hasPrefix(stop + "/") || (includingStop && folder == stop), rmdir(folder) == 0 {
            guard folder != stop, let parent = RelativePath.parent(folder) else { return }
            folder = parent
        }
    }
}
