import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where persistent caches live (the platform's caches folder plus `SDKGenDataConnect`); owner-only: they hold a user's results.
enum CacheDirectory {
    static let folderName = "SDKGenDataConnect"
    /// A temporary file this old was left by an interrupted write; a younger one may be another process's save in progress.
    static let staleTemporaryAge: TimeInterval = 60

    /// `~/Library/Caches` on Apple platforms; `$XDG_CACHE_HOME` (when absolute) or `~/.cache` elsewhere.
    static func platformDefault(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        #if canImport(Darwin)
        let base = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory())
        #else
        let base = linuxBase(environment: environment)
        #endif
        return base.appendingPathComponent(folderName, isDirectory: true)
    }

    static func linuxBase(environment: [String: String]) -> URL {
        // The XDG spec says relative values are invalid and must be ignored.
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg, isDirectory: true) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
    }

    /// Creates `directory` and its parents with mode `0700` (as XDG asks), or tightens one an earlier version made readable.
    static func createPrivate(_ directory: URL) throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        restrict(directory, to: 0o700)
    }

    /// Tightens an existing `directory` and removes the temporary files of writes that never finished. Creates nothing.
    static func prepare(_ directory: URL, now: Date) {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: directory.path) else { return }
        restrict(directory, to: 0o700)
        for name in names where isTemporary(name) {
            let path = directory.appendingPathComponent(name).path
            guard let modified = (try? files.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                  now.timeIntervalSince(modified) >= staleTemporaryAge else { continue }
            try? files.removeItem(atPath: path)
        }
    }

    /// Replaces `fileName` in `directory` with `data` via a new `0600` temporary file renamed over it: a crash leaves the old file.
    static func writeAtomically(_ data: Data, fileName: String, in directory: URL) throws {
        let target = directory.appendingPathComponent(fileName)
        let temporary = directory.appendingPathComponent("." + fileName + "." + UUID().uuidString + ".tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.close()
            guard rename(temporary.path, target.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Masks `url`'s mode with `mode` when it grants group or others anything (written before stores were private).
    static func restrict(_ url: URL, to mode: Int) {
        let files = FileManager.default
        guard let current = (try? files.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int,
              current & 0o077 != 0 else { return }
        try? files.setAttributes([.posixPermissions: current & mode], ofItemAtPath: url.path)
    }

    /// The temporary files of `writeAtomically`, and those of `Data.write(options: .atomic)`, which earlier versions used.
    private static func isTemporary(_ name: String) -> Bool {
        (name.hasPrefix(".cache-") && name.hasSuffix(".tmp")) || name.hasPrefix(".dat.nosync")
    }
}
