import Project

/// A read-only file system of files held in memory, keyed by absolute path; a folder is any path
/// that some file lies under.
struct MemoryFileSystem: ProjectFileSystem {
    let files: [String: [UInt8]]

    func isDirectory(_ path: String) -> Bool {
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return files.keys.contains { $0.hasPrefix(prefix) }
    }

    func isFile(_ path: String) -> Bool { files[path] != nil }

    func readFile(_ path: String) throws -> [UInt8] {
        guard let bytes = files[path] else { throw FileSystemError("no such file") }
        return bytes
    }

    func listDirectory(_ path: String) throws -> DirectoryListing {
        let prefix = path.hasSuffix("/") ? path : path + "/"
        let names = files.keys.filter { $0.hasPrefix(prefix) }.compactMap { $0.dropFirst(prefix.count).split(separator: "/").first }
        guard !names.isEmpty else { throw FileSystemError("no such folder") }
        return DirectoryListing(names: Set(names.map(String.init)).sorted())
    }
}
