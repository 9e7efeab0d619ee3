import Diagnostics

/// The record file: which connector generated which package folder in the last run, so a package whose folder moved (or
/// whose `swiftSdk` entry was removed) is cleaned up. Folders are relative to the record's folder, so that moving the whole
/// project keeps it valid; lines are sorted, so that identical runs write identical bytes.
struct PackageRecord {
    static let header = "# " + OwnershipMarker.text
    private static let explanation = "# Package folders sdkgen generated: connector id, a tab, the folder relative to this file."

    /// Pairs of connector id and absolute, normalized package folder.
    var entries: [(connector: String, directory: String)]

    init(entries: [(connector: String, directory: String)]) {
        self.entries = entries.sorted { ($0.connector, $0.directory) < ($1.connector, $1.directory) }
    }

    /// The record in `bytes`, read from the file at `path`; nil when it is not sdkgen's.
    init?(bytes: [UInt8], at path: String) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        guard lines.first.map(String.init) == Self.header else { return nil }
        let base = Self.folder(of: path)
        var entries: [(String, String)] = []
        for line in lines.dropFirst() where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[1].isEmpty else { continue }
            entries.append((String(parts[0]), RelativePath.normalized(parts[1].hasPrefix("/") ? String(parts[1]) : base + "/" + parts[1])))
        }
        self.init(entries: entries)
    }

    /// The file's text, folders written relative to the folder of `path`.
    func text(at path: String) -> String {
        let base = Self.folder(of: path)
        let lines = [Self.header, Self.explanation] + entries.map { $0.connector + "\t" + RelativePath.path($0.directory, relativeTo: base) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func folder(of path: String) -> String {
        let parent = RelativePath.parent(RelativePath.normalized(path)) ?? ""
        return parent.isEmpty ? "/" : parent
    }
}
