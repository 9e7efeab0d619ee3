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

    /// How long a record no run has used stays: every project folder and set of arguments has
    /// its own (876 KB for a 1,000-table project), and folders come and go.
    public static let retentionSeconds: Int64 = 30 * 24 * 60 * 60

    /// Notes that a run skipped its stages thanks to `key`'s record, so that `removeUnused` keeps
    /// it: a record that keeps making runs skip is never rewritten.
    public func markUsed(_ key: RunRecord.Key) {
        utimensat(AT_FDCWD, path(for: key), nil, 0)
    }

    /// Removes the records that no run has written or used for `retentionSeconds` before `now`.
    /// Only files named as records are considered; nothing else in the folder is touched.
    public func removeUnused(now: Timestamp = .now()) {
        let limit = now.minus(seconds: Self.retentionSeconds)
        for name in DiskEntry.names(in: folder) where Self.isRecordName(name) {
            let path = folder + "/" + name
            if let identity = FileIdentity.ofRegularFile(at: path), identity.modified < limit {
                unlink(path)
            }
        }
    }

    /// `path(for:)`'s names: 32 lowercase hexadecimal digits and `.record`.
    static func isRecordName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let suffix = Array(".record".utf8)
        guard bytes.count == 32 + suffix.count, bytes.suffix(suffix.count).elementsEqual(suffix) else { return false }
        return bytes.prefix(32).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
