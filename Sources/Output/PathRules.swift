import Diagnostics

/// The rules every generated file's path goes through, and the byte order paths are listed in (arithmetic: `RelativePath`).
enum PathRules {
    /// `items` ordered by the UTF-8 bytes of `key`: the same order under every locale and Unicode version.
    static func sorted<Item>(_ items: [Item], by key: (Item) -> String) -> [Item] {
        // Byte arrays: comparing `String.UTF8View`s walks their indices, several times slower.
        let keys = items.map { Array(key($0).utf8) }
        return keys.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }.map { items[$0] }
    }

    /// Why `path` cannot be a generated file's path inside its package folder, or nil when it can.
    static func problem(withRelativePath path: String) -> String? {
        let bytes = Array(path.utf8)
        if bytes.isEmpty { return "is empty" }
        if bytes.first == slash { return "is absolute" }
        if bytes.contains(where: isControl) { return controlProblem }
        let parts = bytes.split(separator: slash, omittingEmptySubsequences: false)
        if parts.contains(where: { $0.isEmpty || $0.elementsEqual(dot) || $0.elementsEqual(dotDot) }) {
            return "has an empty, '.' or '..' part"
        }
        // Compared without case: on a case-insensitive disk `.SDKGEN-MANIFEST` is the manifest.
        if bytes.lazy.map(lowercased).elementsEqual(manifest) || parts.contains(where: { $0.lazy.map(lowercased).starts(with: temporary) }) {
            return "is reserved for sdkgen's own bookkeeping"
        }
        return nil
    }

    /// The most bytes one part of a path may have (`NAME_MAX`: 255 on Linux and macOS).
    static let nameMax = 255
    /// The most bytes a whole path may have, the closing NUL excluded: `PATH_MAX` - 1.
    #if os(Linux)
    static let pathMax = 4095
    #else
    static let pathMax = 1023
    #endif
    /// The longest name `Disk.replace` gives a temporary file: prefix, 32-bit process id, `-`, 64-bit random in base 36.
    static let temporaryNameMax = Disk.temporaryPrefix.utf8.count + 10 + 1 + 13

    /// Why the file system would refuse the absolute `path` (or the writer's temporary file next to it), or nil: checked
    /// before anything is written, so that no run stops half-way on a name that is too long.
    static func problem(withAbsolutePath path: String) -> String? {
        let bytes = Array(path.utf8)
        if bytes.contains(where: isControl) { return controlProblem }
        if let part = bytes.split(separator: slash).first(where: { $0.count > nameMax }) {
            return "has a part of \(part.count) bytes, longer than the \(nameMax) bytes the file system allows"
        }
        let folder = bytes.lastIndex(of: slash) ?? 0
        if bytes.count > pathMax || folder + 1 + temporaryNameMax > pathMax {
            return "is \(bytes.count) bytes long; with sdkgen's temporary file next to it, that exceeds the \(pathMax) bytes the file system allows"
        }
        return nil
    }

    /// Each path (or folder of one) that only case or Unicode normalization tells apart from an earlier one, with that
    /// one: on a case-insensitive disk (macOS's default) they are one file.
    static func caseClashes(_ paths: [String]) -> [(path: String, other: String)] {
        var seen = [String: String](minimumCapacity: paths.count)
        var clashes: [(String, String)] = []
        for path in paths {
            for prefix in sequence(first: path, next: { RelativePath.parent($0).flatMap { $0.isEmpty ? nil : $0 } }) {
                let key = prefix.lowercased()
                if let other = seen[key] {
                    if !other.utf8.elementsEqual(prefix.utf8) {
                        clashes.append((path, other))
                        break
                    }
                } else {
                    seen[key] = prefix
                }
            }
        }
        return clashes
    }

    private static let controlProblem = "contains a control character (such as a line break or NUL)"

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    private static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F
    }

    private static let slash = UInt8(ascii: "/")
    private static let dot = Array(".".utf8)
    private static let dotDot = Array("..".utf8)
    private static let manifest = Array(PackageManifest.fileName.utf8)
    private static let temporary = Array(Disk.temporaryPrefix.utf8)
}
