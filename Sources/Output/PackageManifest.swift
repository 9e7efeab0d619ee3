#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics

/// `.sdkgen-manifest`: the files sdkgen owns in one package folder, with the SHA-256 of their bytes.
///
/// Sorted by path and free of timestamps, so identical output gives an identical manifest. A path may
/// be listed with two hashes while a run replaces files, so that a file is recognised whether the
/// interruption left its old or its new bytes.
struct PackageManifest: Equatable {
    static let fileName = ".sdkgen-manifest"
    static let header = "# " + OwnershipMarker.text
    private static let explanation = "# Files sdkgen owns in this folder: SHA-256 of the contents, two spaces, path."

    /// Relative path to the hashes it may have, sorted and each once (one, but while a run
    /// replaces files two).
    private(set) var entries: [String: [String]] = [:]

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
        entries.reserveCapacity(files.count)
        for (path, text) in files {
            if let known = previous.entries[path], known.count == 1, unchanged.contains(path) {
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

    private static func entries(in bytes: UnsafeBufferPointer<UInt8>) -> [String: [String]]? {
        let header = Array(Self.header.utf8)
        var entries: [String: [String]] = [:]
        // A line per file, of about a hundred bytes.
        entries.reserveCapacity(bytes.count / 96)
        var sawHeader = false
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
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
            guard line.count > 66, line[64] == 0x20, line[65] == 0x20, line[..<64].allSatisfy(isLowercaseHex) else { return nil }
            let hash = String(decoding: UnsafeBufferPointer(rebasing: line[..<64]), as: UTF8.self)
            let path = String(decoding: UnsafeBufferPointer(rebasing: line[66...]), as: UTF8.self)
            entries[path, default: []].insertSorted(hash)
        }
        return sawHeader ? entries : nil
    }

    /// Whether `bytes` are exactly what `bytes(orderedBy: sortedPaths)` writes for a manifest that
    /// lists these paths with one hash each: then it is the manifest of files that are all
    /// current, and nothing needs parsing or rebuilding. Checked line by line, without building
    /// entries (parsing a 5,000-line manifest cost 17 M instructions).
    static func isExactly(_ bytes: [UInt8], listing sortedPaths: [String]) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            var position = 0
            func take(_ text: String) -> Bool {
                text.withUTF8Bytes { expected in
                    guard !expected.isEmpty else { return true }
                    guard position + expected.count <= bytes.count,
                          memcmp(bytes.baseAddress! + position, expected.baseAddress!, expected.count) == 0 else { return false }
                    position += expected.count
                    return true
                }
            }
            func takeNewline() -> Bool {
                guard position < bytes.count, bytes[position] == 0x0A else { return false }
                position += 1
                return true
            }
            guard !bytes.isEmpty, take(header), takeNewline(), take(explanation), takeNewline() else { return false }
            for path in sortedPaths {
                // 64 lowercase hex digits, two spaces, the path, a line break.
                guard position + 66 <= bytes.count,
                      UnsafeBufferPointer(rebasing: bytes[position..<position + 64]).allSatisfy(isLowercaseHex),
                      bytes[position + 64] == 0x20, bytes[position + 65] == 0x20 else { return false }
                position += 66
                guard take(path), takeNewline() else { return false }
            }
            return position == bytes.count
        }
    }

    private static func isLowercaseHex(_ byte: UInt8) -> Bool {
        (byte &- 0x30) < 10 || (byte &- 0x61) < 6
    }

    var paths: [String] { ByteOrder.sorted(entries.keys) }

    func hashes(of path: String) -> [String] { entries[path] ?? [] }

    /// Both manifests' entries: what a run in progress may have left on disk.
    func merged(with other: PackageManifest) -> PackageManifest {
        var result = self
        for (path, hashes) in other.entries {
            for hash in hashes { result.entries[path, default: []].insertSorted(hash) }
        }
        return result
    }

    /// The file's text.
    var text: String { String(decoding: bytes(orderedBy: paths), as: UTF8.self) }

    /// The file's bytes, given the manifest's paths in byte order (`paths`), which a caller that
    /// sorted them already need not have sorted again. Built as bytes: a line per file, thousands
    /// in a large package, and a `String` per line cost more than the rest of writing the manifest.
    func bytes(orderedBy sortedPaths: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + entries.count * 128)
        func append(_ text: String) { text.withUTF8Bytes { bytes.append(contentsOf: $0) } }
        append(Self.header)
        bytes.append(0x0A)
        append(Self.explanation)
        bytes.append(0x0A)
        for path in sortedPaths {
            for hash in entries[path] ?? [] {
                append(hash)
                append("  ")
                append(path)
                bytes.append(0x0A)
            }
        }
        return bytes
    }
}

private extension Array where Element == String {
    /// Adds `hash` where it keeps the list sorted, unless it is there already.
    mutating func insertSorted(_ hash: String) {
        guard !contains(hash) else { return }
        append(hash)
        sort()
    }
}
