import Foundation

/// The file-system access the project loader needs, behind a protocol so tests can substitute it.
public protocol ProjectFileSystem: Sendable {
    /// True when `path` names an existing folder (following symbolic links).
    func isDirectory(_ path: String) -> Bool
    /// True when `path` names an existing regular file (following symbolic links).
    func isFile(_ path: String) -> Bool
    /// The bytes of the file at `path`.
    func readFile(_ path: String) throws -> [UInt8]
    /// The names of the entries of the folder at `path`, in no particular order.
    func listDirectory(_ path: String) throws -> [String]
}

/// The real file system, through `FileManager`.
public struct LocalFileSystem: ProjectFileSystem {
    public init() {}

    public func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    public func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    public func readFile(_ path: String) throws -> [UInt8] {
        guard isFile(path) else { throw FileSystemError(isDirectory(path) ? "it is a folder" : "no such file") }
        guard FileManager.default.isReadableFile(atPath: path) else { throw FileSystemError("permission denied") }
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw FileSystemError("the file could not be read")
        }
    }

    public func listDirectory(_ path: String) throws -> [String] {
        guard isDirectory(path) else { throw FileSystemError("no such folder") }
        guard FileManager.default.isReadableFile(atPath: path) else { throw FileSystemError("permission denied") }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw FileSystemError("the folder could not be listed")
        }
    }
}

/// Why `LocalFileSystem` could not read a file or folder, in words fit for a diagnostic.
public struct FileSystemError: Error, LocalizedError, Equatable {
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var errorDescription: String? { reason }
}

/// Joining of the relative paths written in configuration files.
enum ProjectPath {
    /// `relative` inside `base`, dropping `.` components so diagnostics show clean paths; `..` is kept
    /// as written. An absolute `relative` is returned as it is.
    static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return clean(relative) }
        let parts = relative.split(separator: "/").filter { $0 != "." }
        guard !parts.isEmpty else { return base.isEmpty ? "." : base }
        if base.isEmpty || base == "." { return parts.joined(separator: "/") }
        let trimmedBase = base.hasSuffix("/") && base.count > 1 ? String(base.dropLast()) : base
        return (trimmedBase == "/" ? "" : trimmedBase) + "/" + parts.joined(separator: "/")
    }

    private static func clean(_ path: String) -> String {
        "/" + path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }
}
