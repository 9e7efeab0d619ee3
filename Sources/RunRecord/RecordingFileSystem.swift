import Foundation
import Output
import Project

/// The local file system, noting every question the project loader asks and every answer it gets.
///
/// Safe to use from several threads. Reads and listings that fail, or a file that changes while it
/// is read, make the observations unusable: such a run is not recorded.
public final class RecordingFileSystem: ProjectFileSystem, @unchecked Sendable {
    private let base = LocalFileSystem()
    private let lock = NSLock()
    private var noted: [InputObservation] = []
    private var seen: [String: InputObservation] = [:]
    private var spoiled = false

    public init() {}

    /// What the loader learnt, in the order it asked; nil when a read failed or raced with a change.
    public var observations: [InputObservation]? {
        lock.lock()
        defer { lock.unlock() }
        return spoiled ? nil : noted
    }

    public func isDirectory(_ path: String) -> Bool {
        let answer = base.isDirectory(path)
        note(.isDirectory(path: path, answer: answer), key: "d" + path)
        return answer
    }

    public func isFile(_ path: String) -> Bool {
        let answer = base.isFile(path)
        note(.isFile(path: path, answer: answer), key: "f" + path)
        return answer
    }

    public func readFile(_ path: String) throws -> [UInt8] {
        let before = FileIdentity(path: path)
        let bytes: [UInt8]
        do {
            bytes = try base.readFile(path)
        } catch {
            spoil()
            throw error
        }
        // A change between the two looks would leave an identity that does not match the bytes.
        guard let before, FileIdentity(path: path) == before else {
            spoil()
            return bytes
        }
        note(.read(path: path, identity: before, hash: SHA256.hex(bytes)), key: "r" + path)
        return bytes
    }

    public func listDirectory(_ path: String) throws -> [String] {
        let names: [String]
        do {
            names = try base.listDirectory(path)
        } catch {
            spoil()
            throw error
        }
        note(.listed(path: path, hash: Self.hash(names)), key: "l" + path)
        return names
    }

    /// The hash a listing is recorded by, independent of the order the system lists names in.
    static func hash(_ names: [String]) -> String {
        SHA256.hex(names.sorted().joined(separator: "\n"))
    }

    private func note(_ observation: InputObservation, key: String) {
        lock.lock()
        defer { lock.unlock() }
        if let earlier = seen[key] {
            // The same question answered differently: the loader may have used either answer.
            if earlier != observation { spoiled = true }
            return
        }
        seen[key] = observation
        noted.append(observation)
    }

    private func spoil() {
        lock.lock()
        defer { lock.unlock() }
        spoiled = true
    }
}
