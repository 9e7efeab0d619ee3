/// `.sdkgen-manifest`: the files sdkgen owns in one package folder, with the SHA-256 of their bytes.
///
/// Sorted by path and free of timestamps, so identical output gives an identical manifest. A path may
/// be listed with two hashes while a run replaces files, so that a file is recognised whether the
/// interruption left its old or its new bytes.
struct PackageManifest: Equatable {
    static let fileName = ".sdkgen-manifest"
    static let header = "# " + OwnershipMarker.text
    private static let explanation = "# Files sdkgen owns in this folder: SHA-256 of the contents, two spaces, path."

    /// Relative path to the hashes it may have.
    private(set) var entries: [String: Set<String>] = [:]

    init() {}

    /// The manifest of exactly these rendered files.
    ///
    /// A file in `unchanged` (its bytes on disk are already these) keeps its hash from `previous`
    /// when that lists exactly one: hashing megabytes of unchanged output on every run cost more
    /// than everything else `generate` does with it. A hand-edited hash then survives, but every
    /// generated file also carries the ownership marker, so ownership never rests on it alone.
    ///
    /// `hashes` gives the hash of files whose text is not in `files` (it was dropped once found on
    /// disk; see `RenderedPackage.alreadyOnDisk`).
    init(files: [String: String], reusing previous: PackageManifest = PackageManifest(), unchanged: Set<String> = [],
         hashes: [String: String] = [:]) {
        for (path, text) in files {
            if unchanged.contains(path), let known = previous.entries[path], known.count == 1 {
                entries[path] = known
            } else {
                entries[path] = [hashes[path] ?? SHA256.hex(text)]
            }
        }
    }

    /// Reads a manifest from its bytes; nil when they are not one (then the file is not sdkgen's).
    ///
    /// Works on bytes: a package has a line per file, and going through `Character` cost about
    /// 58,000 instructions per line.
    init?(bytes: [UInt8]) {
        guard let entries = bytes.withUnsafeBufferPointer(Self.entries(in:)) else { return nil }
        self.entries = entries
    }

    private static func entries(in bytes: UnsafeBufferPointer<UInt8>) -> [String: Set<String>]? {
        let header = Array(Self.header.utf8)
        var entries: [String: Set<String>] = [:]
        var sawHeader = false
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            start = end + 1
            guard !line.isEmpty else { continue }
            guard sawHeader else {
                guard line.elementsEqual(header) else { return nil }
                sawHeader = true
                continue
            }
            if line[0] == 0x23 { continue }
            // 64 lowercase hex digits, two spaces, a path that is not empty.
            guard line.count > 66, line[64] == 0x20, line[65] == 0x20,
                  line[..<64].allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
            let hash = String(decoding: UnsafeBufferPointer(rebasing: line[..<64]), as: UTF8.self)
            let path = String(decoding: UnsafeBufferPointer(rebasing: line[66...]), as: UTF8.self)
            entries[path, default: []].insert(hash)
        }
        return sawHeader ? entries : nil
    }

    var paths: [String] { ByteOrder.sorted(entries.keys) }

    func hashes(of path: String) -> Set<String> { entries[path] ?? [] }

    /// Both manifests' entries: what a run in progress may have left on disk.
    func merged(with other: PackageManifest) -> PackageManifest {
        var result = self
        for (path, hashes) in other.entries { result.entries[path, default: []].formUnion(hashes) }
        return result
    }

    /// The file's text. Built as bytes: a line per file, thousands in a large package, and a
    /// `String` per line cost more than the rest of writing the manifest.
    var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + entries.count * 128)
        func append(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
        append(Self.header)
        bytes.append(0x0A)
        append(Self.explanation)
        bytes.append(0x0A)
        for path in paths {
            for hash in entries[path, default: []].sorted() {
                append(hash)
                append("  ")
                append(path)
                bytes.append(0x0A)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
