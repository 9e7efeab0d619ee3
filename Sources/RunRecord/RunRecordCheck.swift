import Output
import Project

extension RunRecord {
    /// Whether a run of `tool` with `key` would change nothing: the same binary and arguments, every
    /// input as the recorded run saw it, every output as it left it.
    ///
    /// An input whose identity changed, or is too young to be trusted (see `settleSeconds`), is
    /// read and compared by content, so saving a file unchanged costs no run. Outputs are compared
    /// by identity only: a changed generated file needs the full run to be put right.
    public func isCurrent(tool: String, key: Key) -> Bool {
        guard tool == self.tool, key == self.key else { return false }
        let settled = created.minus(seconds: Self.settleSeconds)
        let disk = LocalFileSystem()
        for input in inputs where !Self.holds(input, settled: settled, on: disk) { return false }
        for output in outputs where FileIdentity(path: output.path) != output.identity { return false }
        return true
    }

    private static func holds(_ input: InputObservation, settled: Timestamp, on disk: LocalFileSystem) -> Bool {
        switch input {
        case .read(let path, let identity, let hash):
            if FileIdentity(path: path) == identity, identity.changed < settled { return true }
            guard let bytes = try? disk.readFile(path) else { return false }
            return SHA256.hex(bytes) == hash
        case .listed(let path, let hash):
            guard let names = try? disk.listDirectory(path) else { return false }
            return RecordingFileSystem.hash(names) == hash
        case .isFile(let path, let answer):
            return disk.isFile(path) == answer
        case .isDirectory(let path, let answer):
            return disk.isDirectory(path) == answer
        }
    }
}
