import Foundation
import Diagnostics

/// The file-system access the project loader needs, behind a protocol so tests can substitute it.
public protocol ProjectFileSystem: Sendable {
    /// True when `path` names an existing folder (following symbolic links).
    func isDirectory(_ path: String) -> Bool
    /// True when `path` names an existing regular file (following symbolic links).
    func isFile(_ path: String) -> Bool
    /// The bytes of the file at `path`.
    func readFile(_ path: String) throws -> [UInt8]
    /// The entries of the folder at `path`, in no particular order.
    func listDirectory(_ path: String) throws -> DirectoryListing
    /// The device and inode of what `path` names (following symbolic links), which tell a folder
    /// reached again through a link from a new one; nil when unknown.
    func identity(of path: String) -> FileIdentity?
}

/// What a folder holds: the names that are UTF-8, and those that are not, which no `String`
/// path can reach.
public struct DirectoryListing: Sendable, Equatable {
    public var names: [String]
    /// Undecodable names of folders and GraphQL files (other files are never read anyway), shown
    /// with every byte outside printable ASCII as `\xHH`.
    public var undecodable: [String] = []
}

/// A file or folder's device and inode numbers.
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
}

public extension ProjectFileSystem {
    /// File systems without inodes (in tests) rely on the walk's depth and size bounds alone.
    func identity(of path: String) -> FileIdentity? { nil }
}

/// The real file system: files through POSIX calls, folder listings through `FileManager`.
public struct LocalFileSystem: ProjectFileSystem {
    public init() {}

    public func isDirectory(_ path: String) -> Bool { kind(of: path) == S_IFDIR }

    public func isFile(_ path: String) -> Bool { kind(of: path).map { $0 != S_IFDIR } ?? false }

    /// Reads with `open`, `fstat` and `read`: `Data(contentsOf:)` goes through URLs and Foundation's
    /// file-reading layers for every file before reading a byte.
    public func readFile(_ path: String) throws -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: throw FileSystemError(path: path, reason: "no such file")
            case EACCES, EPERM: throw FileSystemError(path: path, reason: "permission denied")
            default: throw FileSystemError(path: path, reason: "the file could not be read")
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemError(path: path, reason: "the file could not be read") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileSystemError(path: path, reason: "it is a folder")
        default: throw FileSystemError(path: path, reason: "it is not a regular file")
        }
        guard info.st_size <= Limits.fileSize else {
            throw FileSystemError(path: path, reason: "it is larger than the \(Limits.fileSize >> 20) MB limit on input files")
        }
        guard let bytes = FileBytes.readAll(descriptor, size: Int(info.st_size)) else { throw FileSystemError(path: path, reason: "the file could not be read") }
        return bytes
    }

    public func identity(of path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The `S_IFMT` bits of what `path` names, following symbolic links; nil when nothing is there.
    private func kind(of path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// Lists with `readdir`, which gives names as bytes: `FileManager` turns a name that is not
    /// UTF-8 into one with U+FFFD in it, which names no file.
    public func listDirectory(_ path: String) throws -> DirectoryListing {
        guard isDirectory(path) else { throw FileSystemError(path: path, reason: "no such folder") }
        guard let folder = opendir(path) else {
            throw FileSystemError(path: path, reason: errno == EACCES || errno == EPERM ? "permission denied" : "the folder could not be listed")
        }
        defer { closedir(folder) }
        var listing = DirectoryListing(names: [])
        while let entry = readdir(folder) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
            if bytes == [UInt8(ascii: ".")] || bytes == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            // Decoding repairs invalid bytes with U+FFFD, so a name that survives unchanged was UTF-8.
            let name = String(decoding: bytes, as: UTF8.self)
            if name.utf8.elementsEqual(bytes) {
                listing.names.append(name)
            } else if isFolderOrGraphQL(bytes, in: path) {
                listing.undecodable.append(Self.escaped(bytes))
            }
        }
        return listing
    }

    private func isFolderOrGraphQL(_ name: [UInt8], in folder: String) -> Bool {
        if SourceReader.graphQLExtensions.contains(where: { name.reversed().starts(with: $0.utf8.reversed()) }) { return true }
        var info = stat()
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
        return path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) == 0 }
        } && info.st_mode & S_IFMT == S_IFDIR
    }

    /// `name` with every byte outside printable ASCII (and the backslash) written `\xHH`.
    static func escaped(_ name: [UInt8]) -> String {
        name.map { byte in
            (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\\") ? String(UnicodeScalar(byte))
                : "\\x" + UTF8Scalar.hex(UInt32(byte), digits: 2)
        }.joined()
    }
}
