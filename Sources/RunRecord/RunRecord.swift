import Output

/// What a successful `sdkgen generate` read and left on disk, so that the next run with the same
/// arguments can tell in a few milliseconds that nothing changed and skip every stage.
///
/// Stored as lines of text (see `text`); paths come last on their lines, so they may hold spaces.
public struct RunRecord: Equatable, Sendable {
    /// Runs share a record when they were started with the same arguments from the same folder.
    public struct Key: Equatable, Sendable {
        public var currentDirectory: String
        /// `--project` as given; nil when the project was discovered.
        public var projectDirectory: String?
        /// `--connector` values, sorted; empty for every connector.
        public var connectors: [String]
        /// Whether diagnostics are printed in color: the recorded messages are printed as they were.
        public var colorDiagnostics: Bool

        public init(currentDirectory: String, projectDirectory: String?, connectors: Set<String>?, colorDiagnostics: Bool = false) {
            self.currentDirectory = currentDirectory
            self.projectDirectory = projectDirectory
            self.connectors = (connectors ?? []).sorted()
            self.colorDiagnostics = colorDiagnostics
        }

        var lines: [String] {
            ["cwd " + currentDirectory] + (projectDirectory.map { ["project " + $0] } ?? []) + connectors.map { "connector " + $0 }
                + (colorDiagnostics ? ["color 1"] : [])
        }
    }

    /// A file or folder sdkgen left, and its identity just after the run.
    public struct Output: Equatable, Sendable {
        public var path: String
        public var identity: FileIdentity

        public init(path: String, identity: FileIdentity) {
            self.path = path
            self.identity = identity
        }
    }

    /// Files younger than this (by their status-change time) when a record is made are not
    /// trusted by identity alone: a file system stores times with a granularity (2 s on FAT,
    /// 1 s on HFS+, a clock tick on Linux), so an edit right after the run could leave every
    /// field of `stat` as it was.
    public static let settleSeconds: Int64 = 2

    static let header = "# sdkgen run record 1"

    /// The `sdkgen` binary that made the record (see `ToolIdentity`): another build may generate
    /// other code from the same inputs.
    public var tool: String
    public var key: Key
    public var created: Timestamp
    /// Packages generated and files found unchanged, for the summary line.
    public var packages: Int
    public var files: Int
    /// What the run printed to standard error (its warnings), printed again by a skipped run.
    public var messages: String
    public var inputs: [InputObservation]
    public var outputs: [Output]

    public init(tool: String, key: Key, created: Timestamp, packages: Int, files: Int, messages: String = "",
                inputs: [InputObservation], outputs: [Output]) {
        self.tool = tool
        self.key = key
        self.created = created
        self.packages = packages
        self.files = files
        self.messages = messages
        self.inputs = inputs
        self.outputs = outputs
    }

    /// The record of a run that read `inputs` and left the files and folders at `outputs`; nil
    /// when one of them is missing or changed too recently to be trusted by identity (a run that
    /// wrote files is recorded by the next one).
    public init?(tool: String, key: Key, packages: Int, files: Int, messages: String = "", inputs: [InputObservation],
                 outputs paths: [String], now: Timestamp = .now()) {
        let settled = now.minus(seconds: Self.settleSeconds)
        var outputs: [Output] = []
        outputs.reserveCapacity(paths.count)
        for path in paths {
            guard let identity = FileIdentity(path: path), identity.changed < settled else { return nil }
            outputs.append(Output(path: path, identity: identity))
        }
        self.init(tool: tool, key: key, created: now, packages: packages, files: files, messages: messages, inputs: inputs, outputs: outputs)
    }

    /// The stored form; nil when a path or value holds a line break.
    public var text: String? {
        var lines = [Self.header, "tool " + tool] + key.lines
        lines.append("created " + created.text)
        lines.append("summary \(packages) \(files)")
        // One line per line of the messages, each ending with a line break when stored.
        for message in messages.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { lines.append("stderr " + message) }
        if !messages.isEmpty, !messages.hasSuffix("\n") { return nil }
        for input in inputs {
            switch input {
            case .read(let path, let identity, let hash): lines.append("read \(identity.text) \(hash) \(path)")
            case .listed(let path, let hash): lines.append("listed \(hash) \(path)")
            case .isFile(let path, let answer): lines.append("file \(answer ? 1 : 0) \(path)")
            case .isDirectory(let path, let answer): lines.append("folder \(answer ? 1 : 0) \(path)")
            }
        }
        for output in outputs { lines.append("output \(output.identity.text) \(output.path)") }
        lines.append("end")
        guard !lines.contains(where: { $0.utf8.contains(0x0A) }) else { return nil }
        return lines.joined(separator: "\n") + "\n"
    }
}
