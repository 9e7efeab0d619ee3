import Output
import Project

/// Why a run record does not hold any more: the first difference a check found.
public enum RecordedChange: Equatable, Sendable {
    /// Another `sdkgen` binary (a rebuild or another version) made the record.
    case tool
    /// The record belongs to other arguments or another folder.
    case arguments
    /// A file the project loader read has other contents or cannot be read.
    case input(path: String)
    /// Names were added to or removed from a folder the loader listed.
    case listing(path: String)
    /// A path the loader found missing exists now.
    case appeared(path: String)
    /// A file or folder the loader found is gone (or is no longer of its kind).
    case disappeared(path: String)
    /// A generated file or folder was changed, touched or removed.
    case output(path: String)
}

extension RunRecord {
    /// Whether a run of `tool` with `key` would change nothing: the same binary and arguments, every
    /// input as the recorded run saw it, every output as it left it.
    public func isCurrent(tool: String, key: Key) -> Bool {
        change(tool: tool, key: key) == nil
    }

    /// The first difference between the record and the disk, or nil when the record holds.
    ///
    /// An input whose identity changed, or is too young to be trusted (see `settleSeconds`), is
    /// read and compared by content, so saving a file unchanged costs no run. Outputs are compared
    /// by identity only: a changed generated file needs the full run to be put right.
    public func change(tool: String, key: Key) -> RecordedChange? {
        guard tool == self.tool else { return .tool }
        guard key == self.key else { return .arguments }
        let settled = created.minus(seconds: Self.settleSeconds)
        let disk = LocalFileSystem()
        for input in inputs {
            if let change = Self.change(of: input, settled: settled, on: disk) { return change }
        }
        for output in outputs where FileIdentity(path: output.path) != output.identity { return .output(path: output.path) }
        return nil
    }

    private static func change(of input: InputObservation, settled: Timestamp, on disk: LocalFileSystem) -> RecordedChange? {
        switch input {
        case .read(let path, let identity, let hash):
            if FileIdentity(path: path) == identity, identity.changed < settled { return nil }
            guard let bytes = try? disk.readFile(path), SHA256.hex(bytes) == hash else { return .input(path: path) }
            return nil
        case .listed(let path, let hash):
            guard let names = try? disk.listDirectory(path), RecordingFileSystem.hash(names) == hash else { return .listing(path: path) }
            return nil
        case .isFile(let path, let answer):
            return disk.isFile(path) == answer ? nil : answer ? .disappeared(path: path) : .appeared(path: path)
        case .isDirectory(let path, let answer):
            return disk.isDirectory(path) == answer ? nil : answer ? .disappeared(path: path) : .appeared(path: path)
        }
    }
}
