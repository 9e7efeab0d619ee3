#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Path arithmetic on `/`-separated path strings, the one place every stage joins, resolves and
/// shortens paths. Folders are split at slash bytes (a combining mark after a `/` would join it into
/// one `Character`).
public enum RelativePath {
    /// `path` relative to `base` (both absolute) when that is shorter and climbs at most two
    /// folders; otherwise `path` unchanged. Relative paths are returned as they are.
    public static func display(_ path: String, from base: String) -> String {
        guard path.hasPrefix("/"), base.hasPrefix("/") else { return path }
        let relative = self.path(path, relativeTo: base)
        let ups = relative.split(separator: "/").prefix { $0 == ".." }.count
        // Climbing more than two folders, or up to the root, reads worse than the absolute path.
        guard ups <= 2, ups < components(base).count else { return path }
        return relative.utf8.count < path.utf8.count ? relative : path
    }

    /// `target` relative to the folder `base`, both absolute, climbing with `..` as far as needed
    /// (`/a/b/c` from `/a/d` is `../b/c`).
    public static func path(_ target: String, relativeTo base: String) -> String {
        let to = components(target)
        let from = components(base)
        var common = 0
        while common < to.count, common < from.count, to[common] == from[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `relative` (a path written in a configuration file) inside `base`, dropping `.` components
    /// so diagnostics show clean paths; `..` is kept as written. An absolute `relative` is returned
    /// without its `.` components.
    public static func join(_ base: String, _ relative: String) -> String {
        let parts = relative.split(separator: "/").filter { $0 != "." }
        if relative.hasPrefix("/") { return "/" + parts.joined(separator: "/") }
        guard !parts.isEmpty else { return base.isEmpty ? "." : base }
        if base.isEmpty || base == "." { return parts.joined(separator: "/") }
        let trimmedBase = base.hasSuffix("/") && base.count > 1 ? String(base.dropLast()) : base
        return (trimmedBase == "/" ? "" : trimmedBase) + "/" + parts.joined(separator: "/")
    }

    /// `path` with `.` and `..` resolved and no empty parts; an absolute path stays absolute.
    public static func normalized(_ path: String) -> String {
        (path.hasPrefix("/") ? "/" : "") + components(path).joined(separator: "/")
    }

    /// The path's components with `.` and `..` resolved.
    public static func components(_ path: String) -> [String] {
        var result: [String] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." {
                if !result.isEmpty { result.removeLast() }
            } else {
                result.append(String(part))
            }
        }
        return result
    }

    /// The part of `path` before its last `/`; nil when it has none.
    public static func parent(_ path: String) -> String? {
        path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(decoding: path.utf8[..<$0], as: UTF8.self) }
    }

    /// Whether `inner` is `outer` or lies inside it (both canonical).
    public static func contains(_ outer: String, _ inner: String) -> Bool {
        inner == outer || inner.hasPrefix(outer == "/" ? "/" : outer + "/")
    }

    /// The absolute `path`, normalized, with symbolic links resolved as far as the path exists, so
    /// that two spellings of one folder compare equal.
    public static func canonical(_ path: String) -> String {
        var existing = normalized(path)
        var rest: [String] = []
        while existing != "/" {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.reversed().joined(separator: "/")
            }
            guard let parent = parent(existing) else { break }
            rest.append(String(decoding: existing.utf8.dropFirst(parent.utf8.count + 1), as: UTF8.self))
            existing = parent.isEmpty ? "/" : parent
        }
        return normalized(path)
    }
}
