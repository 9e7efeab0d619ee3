import Output

/// One thing the project loader learnt from the file system; a later run that finds all of them
/// unchanged would load the same project.
public enum InputObservation: Equatable, Sendable {
    /// A file it read: the file's identity just before reading and the SHA-256 of the bytes it got.
    case read(path: String, identity: FileIdentity, hash: String)
    /// A folder it listed: the SHA-256 of the sorted names.
    case listed(path: String, hash: String)
    /// Its question whether `path` is a regular file, and the answer.
    case isFile(path: String, answer: Bool)
    /// Its question whether `path` is a folder, and the answer.
    case isDirectory(path: String, answer: Bool)

    public var path: String {
        switch self {
        case .read(let path, _, _), .listed(let path, _), .isFile(let path, _), .isDirectory(let path, _): return path
        }
    }
}
