/// Turns absolute paths into the shortest sensible form relative to a base folder.
public enum RelativePath {
    /// `path` relative to `base` (both absolute) when that is shorter and climbs at most two
    /// folders; otherwise `path` unchanged. Relative paths are returned as they are.
    public static func display(_ path: String, from base: String) -> String {
        guard path.hasPrefix("/"), base.hasPrefix("/") else { return path }
        let target = components(path)
        let origin = components(base)
        var common = 0
        while common < target.count, common < origin.count, target[common] == origin[common] { common += 1 }
        let ups = origin.count - common
        // Climbing more than two folders reads worse than the absolute path.
        guard common > 0, ups <= 2 else { return path }
        let parts = Array(repeating: "..", count: ups) + target[common...]
        let relative = parts.isEmpty ? "." : parts.joined(separator: "/")
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
}
