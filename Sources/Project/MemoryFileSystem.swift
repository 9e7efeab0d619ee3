import Diagnostics

/// A read-only file system of files held in memory, keyed by absolute path; a folder is any path
/// that some file lies under. The fuzzers and tests run the whole pipeline on it without a disk.
public struct MemoryFileSystem: ProjectFileSystem {
    public let files: [String: [UInt8]]

    public init(files: [String: [UInt8]]) { self.files = files }

    /// Text files, stored as their UTF-8 bytes.
    public init(texts: [String: String]) { files = texts.mapValues { Array($0.utf8) } }

    public func isDirectory(_ path: String) -> Bool {
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return files.keys.contains { $0.hasPrefix(prefix) }
    }

    public func isFile(_ path: String) -> Bool { files[path] != nil }

    public func readFile(_ path: String) throws -> [UInt8] {
        guard let bytes = files[path] else { throw FileSystemError(path: path, reason: "no such file") }
        return bytes
    }

    public func listDirectory(_ path: String) throws -> DirectoryListing {
        let prefix = path.hasSuffix("/") ? path : path + "/"
        let names = files.keys.filter { $0.hasPrefix(prefix) }.compactMap { $0.dropFirst(prefix.count).split(separator: "/").first }
        guard !names.isEmpty else { throw FileSystemError(path: path, reason: "no such folder") }
        return DirectoryListing(names: Set(names.map(String.init)).sorted())
    }
}
