#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// An advisory lock on one project's output, held while a run plans and writes it, so that two
/// sdkgen processes (a `--watch` session and a build phase) take turns instead of deleting and
/// renaming under each other. `flock` belongs to the open file, so it also keeps two runs in one
/// process apart, and it dies with the process: a crash leaves no lock that blocks.
///
/// Writers take it exclusively; readers (`generate --check`) share it, so that they never compare
/// against output that a writer has half updated, yet never wait for each other.
public final class OutputLock {
    /// The lock file's name, in the project's `.dataconnect` folder.
    public static let fileName = "sdkgen.lock"
    private static let header = "# " + OwnershipMarker.text + "\n# Held by the sdkgen process below while it writes this project's output.\n"

    private let descriptor: Int32
    private let shared: Bool
    /// Set once `flock` succeeded: a lock given up on (foreign file, time out) must not write.
    private var held = false

    private init(descriptor: Int32, shared: Bool) {
        self.descriptor = descriptor
        self.shared = shared
    }

    deinit {
        guard descriptor >= 0 else { return }
        // A writer's process id goes with its lock: a reader holds the lock next, and names no one.
        if held, !shared { write(Self.header) }
        close(descriptor)
    }

    /// Takes the lock at `path` (creating the file and its folder), exclusively or `shared`,
    /// waiting up to `timeout` seconds for a holder that excludes it; `waiting` is told that
    /// holder's process id (nil when unknown: a shared holder records none) once. Throws a
    /// `FileSystemError` when the time runs out or the file is not sdkgen's.
    ///
    /// A shared lock whose file neither exists nor can be created (a read-only checkout) holds
    /// nothing: no writer can be writing there, since a writer creates the file first.
    public static func acquire(at path: String, shared: Bool = false, timeout: Double, waiting: (Int?) -> Void) throws -> OutputLock {
        guard let descriptor = try openFile(at: path, shared: shared) else { return OutputLock(descriptor: -1, shared: true) }
        let lock = OutputLock(descriptor: descriptor, shared: shared)
        let (entry, bytes) = try Disk.look(path)
        guard entry == .file, let bytes, OwnershipMarker.owns(bytes) else {
            throw FileSystemError(path: path, reason: "is not sdkgen's lock file (no '\(OwnershipMarker.text)' line); move it away")
        }
        let operation = (shared ? LOCK_SH : LOCK_EX) | LOCK_NB
        if flock(descriptor, operation) != 0 {
            let holder = lock.holder()
            waiting(holder)
            // Bounded to a day, so that no value (infinity, 1e300) overflows the clock arithmetic; NaN waits not at all.
            let seconds = timeout.isNaN ? 0 : min(max(timeout, 0), 86_400)
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
            repeat {
                guard DispatchTime.now().uptimeNanoseconds < deadline else {
                    let (who, doing) = describe(holder)
                    throw FileSystemError(path: path, reason: "another sdkgen (\(who)) is still \(doing) this project's output after \(Int(seconds)) s; stop it or try again")
                }
                usleep(50_000)
            } while flock(descriptor, operation) != 0
        }
        lock.held = true
        if !shared {
            lock.write(header + "\(getpid())\n")
        } else if bytes.isEmpty {
            lock.write(header)
        }
        return lock
    }

    /// The lock file, opened (and created with its folder when missing); nil for a shared lock when
    /// the file is missing and cannot be created. A shared lock may read a file it cannot write.
    private static func openFile(at path: String, shared: Bool) throws -> Int32? {
        do {
            if let folder = Paths.parent(path), !folder.isEmpty { try Disk.createFolders(folder) }
            // O_NOFOLLOW: a link planted at the lock's path is never followed to a file of the user's.
            let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw FileSystemError.lastError(path) }
            return descriptor
        } catch {
            guard shared else { throw error }
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            if descriptor >= 0 { return descriptor }
            if errno == ENOENT { return nil }
            throw error
        }
    }

    /// How messages name a holder and what it does: only writers record their process id, so an
    /// unknown holder may be a check.
    public static func describe(_ holder: Int?) -> (who: String, doing: String) {
        guard let holder else { return ("pid unknown", "checking or writing") }
        return ("pid \(holder)", "writing")
    }

    /// The process id the holder wrote into the file, when it did.
    private func holder() -> Int? {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let lines = buffer[..<count].split(separator: UInt8(ascii: "\n"))
        return lines.last.flatMap { Int(String(decoding: $0, as: UTF8.self)) }
    }

    /// Replaces the file's text: the header, and a writer's process id so that a waiting run can name it.
    private func write(_ text: String) {
        let bytes = Array(text.utf8)
        guard ftruncate(descriptor, 0) == 0 else { return }
        _ = pwrite(descriptor, bytes, bytes.count, 0)
    }
}
