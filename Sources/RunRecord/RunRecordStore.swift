#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Output
import Project

/// The folder where run records are kept, one file per key; records are a cache, so every failure
/// to read or write one only means a full run.
public struct RunRecordStore: Sendable {
    /// The folder holding the records.
    public var folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// The records folder of the user's cache: `$SDKGEN_CACHE_DIR`, else `$XDG_CACHE_HOME/sdkgen`,
    /// else `~/Library/Caches/sdkgen` on macOS and `~/.cache/sdkgen` elsewhere, each with
    /// `/runs` appended; nil when the environment names none of them.
    public init?(environment: [String: String], currentDirectory: String) {
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : currentDirectory + "/" + path }
        let cache: String
        if let explicit = environment["SDKGEN_CACHE_DIR"], !explicit.isEmpty {
            cache = absolute(explicit)
        } else if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            cache = absolute(xdg) + "/sdkgen"
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            #if canImport(Darwin)
            cache = home + "/Library/Caches/sdkgen"
            #else
            cache = home + "/.cache/sdkgen"
            #endif
        } else {
            return nil
        }
        self.init(folder: cache + "/runs")
    }

    /// The file of `key`'s record: a hash of the key, so that any path makes a valid file name.
    public func path(for key: RunRecord.Key) -> String {
        folder + "/" + SHA256.hex(key.lines.joined(separator: "\n")).prefix(32) + ".record"
    }

    /// The record stored for `key`; nil when there is none or it cannot be read.
    public func load(_ key: RunRecord.Key) -> RunRecord? {
        let path = path(for: key)
        guard let bytes = try? LocalFileSystem().readFile(path), let record = RunRecord(bytes: bytes),
              record.key == key else { return nil }
        return record
    }

    /// Stores `record`, replacing the one of its key; false when it could not be written.
    @discardableResult
    public func save(_ record: RunRecord) -> Bool {
        guard let text = record.text else { return false }
        // Every record has its own creation time, so comparing with the stored one is pointless.
        return (try? FileWriter.write(text, to: path(for: record.key), comparing: false)) != nil
    }

    /// Removes the record of `key`, if there is one.
    public func remove(_ key: RunRecord.Key) {
        unlink(path(for: key))
    }
}
