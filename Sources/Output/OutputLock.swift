import Diagnostics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// An advisory lock on one project's output, held while a run plans and writes it, so that two
/// sdkgen processes (a `--watch` session and a build phase) take turns instead of deleting and
/// renaming under each other.
///
/// It is a `flock` on a file that already exists and that sdkgen only reads (the project's
/// `dataconnect.yaml`), opened read-only: taking it creates and changes nothing, so a run that
/// writes nothing leaves the project as it was, and a read-only checkout can be checked. `flock`
/// belongs to the open file, so it also keeps two runs in one process apart, and it dies with the
/// process: a crash leaves no lock that blocks.
///
/// Writers take it exclusively; readers (`generate --check`) share it, so that they never compare
/// against output that a writer has half updated, yet never wait for each other.
public enum OutputLock {
    /// What keeps a run waiting. `flock` names no process, but the kind of lock tells writers from checks.
    public enum Holder: Sendable, Equatable {
        /// A run writing the output (it holds the lock exclusively).
        case writer
        /// Only `--check` runs (they share the lock).
        case checks

        /// The holder's activity, for messages: `another sdkgen writing this project's output`.
        public var doing: String {
            switch self {
            case .writer: "writing"
            case .checks: "checking"
            }
        }
    }

    /// Runs `body` holding the lock on the file at `path`, exclusively or `shared`, after waiting up
    /// to `timeout` seconds for a holder that excludes it; `waiting` is told who that is, once.
    /// Throws a `FileSystemError` when the file cannot be opened or the time runs out; the lock is
    /// released when `body` returns or throws.
    public static func withLock<T>(on path: String, shared: Bool = false, timeout: Double, waiting: (Holder) -> Void,
                                   _ body: () throws -> T) throws -> T {
        // O_NONBLOCK: a FIFO put at the path must not hang the open; it changes nothing for a file.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError.lastError(path) }
        // Closing the file releases the lock.
        defer { close(descriptor) }
        let operation = (shared ? LOCK_SH : LOCK_EX) | LOCK_NB
        // Only a holder is worth waiting for; any other failure (a file system without locks) is reported as it is.
        func taken() throws -> Bool {
            if flock(descriptor, operation) == 0 { return true }
            guard errno == EWOULDBLOCK || errno == EINTR else { throw FileSystemError.lastError(path) }
            return false
        }
        if try !taken() {
            let holder = holder(of: descriptor, shared: shared)
            waiting(holder)
            // Bounded to a day, so that no value (infinity, 1e300) overflows the clock arithmetic; NaN waits not at all.
            let seconds = timeout.isNaN ? 0 : min(max(timeout, 0), 86_400)
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
            repeat {
                guard DispatchTime.now().uptimeNanoseconds < deadline else {
                    throw FileSystemError(path: path, reason: "another sdkgen is still \(holder.doing) this project's output after \(Int(seconds)) s; stop it or try again")
                }
                usleep(50_000)
            } while try !taken()
        }
        return try body()
    }

    /// Who holds the lock `descriptor` could not get: only a writer keeps a reader out, or refuses a writer's shared probe.
    private static func holder(of descriptor: Int32, shared: Bool) -> Holder {
        guard !shared, flock(descriptor, LOCK_SH | LOCK_NB) == 0 else { return .writer }
        flock(descriptor, LOCK_UN)
        return .checks
    }
}
