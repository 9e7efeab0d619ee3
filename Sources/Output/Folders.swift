#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics

/// Path arithmetic and folder creation/removal for the writer.
enum Folders {
    /// Creates `path` and its missing parents; fails naming the first part that exists but is no folder.
    static func create(_ path: String) throws {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            switch DiskEntry(at: current) {
            case .directory: continue
            case .missing:
                if mkdir(current, 0o755) != 0, errno != EEXIST { throw FileSystemError.lastError(current) }
            case .file, .other:
                // A symbolic link to a folder is acceptable; anything else cannot hold files.
                var info = stat()
                if stat(current, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { continue }
                throw FileSystemError(path: current, reason: "exists but is not a folder")
            }
        }
    }

    /// Removes the now empty folders from `start` up to, not including, `stop`; with `includingStop`
    /// `stop` too. Stops at the first folder that is not empty.
    static func removeEmpty(from start: String, upTo stop: String, includingStop: Bool) {
        var folder = start
        while folder.hasPrefix(stop + "/") || (includingStop && folder == stop) {
            guard rmdir(folder) == 0 else { return }
            if folder == stop { return }
            guard let slash = folder.lastIndex(of: "/") else { return }
            folder = String(folder[..<slash])
        }
    }

    /// The absolute path with `.` and `..` resolved and no trailing slash.
    static func normalized(_ path: String) -> String {
        "/" + RelativePath.components(path).joined(separator: "/")
    }

    /// `normalized(path)` with symbolic links resolved as far as the path exists, so that two
    /// spellings of one folder compare equal.
    static func canonical(_ path: String) -> String {
        var existing = normalized(path)
        var rest: [String] = []
        while existing != "/" {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.reversed().joined(separator: "/")
            }
            guard let slash = existing.lastIndex(of: "/") else { break }
            rest.append(String(existing[existing.index(after: slash)...]))
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
        return normalized(path)
    }

    /// Whether `inner` is `outer` or lies inside it (both canonical).
    static func contains(_ outer: String, _ inner: String) -> Bool {
        inner == outer || inner.hasPrefix(outer == "/" ? "/" : outer + "/")
    }

    /// `path` relative to `base` (both normalized absolute), climbing with `..` where needed.
    static func relative(_ path: String, from base: String) -> String {
        let target = RelativePath.components(path)
        let origin = RelativePath.components(base)
        var common = 0
        while common < target.count, common < origin.count, target[common] == origin[common] { common += 1 }
        let parts = Array(repeating: "..", count: origin.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Why `path` cannot be a generated file's relative path, or nil when it is acceptable.
    static func problem(withRelativePath path: String) -> String? {
        // Over the bytes in place: every generated file's path goes through here.
        return path.withUTF8Bytes { bytes -> String? in
            if bytes.isEmpty { return "is empty" }
            if bytes[0] == UInt8(ascii: "/") { return "is absolute" }
            if bytes.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }) { return "contains a line break or NUL" }
            // One pass over the parts: the length of the current part and whether it is all dots.
            var length = 0
            var onlyDots = true
            var partIsBad: Bool { length == 0 || (onlyDots && length <= 2) }
            for byte in bytes {
                if byte == UInt8(ascii: "/") {
                    if partIsBad { return "has an empty, '.' or '..' part" }
                    length = 0
                    onlyDots = true
                } else {
                    length += 1
                    onlyDots = onlyDots && byte == UInt8(ascii: ".")
                }
            }
            return partIsBad ? "has an empty, '.' or '..' part" : nil
        }
    }
}
