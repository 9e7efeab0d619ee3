#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import Foundation

/// A failed file operation, with the path and the reason in words fit for a diagnostic; every
/// stage that touches the disk (project loading, the writer) throws it.
public struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error of the last failed system call on `path`.
    public static func lastError(_ path: String) -> FileSystemError {
        FileSystemError(path: path, reason: String(cString: strerror(errno)))
    }

    public var description: String { "\(path): \(reason)" }

    /// The reason alone: messages name the path themselves.
    public var errorDescription: String? { reason }
}
