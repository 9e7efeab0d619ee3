import Output
import Project
import RunRecord

/// The run record of one `sdkgen generate`: looks for a record that makes the run unnecessary,
/// and after a run that left the output current, writes the record the next run will look for.
struct RunRecorder {
    private let store: RunRecordStore?
    private let tool: String?
    private let key: RunRecord.Key
    private let recording: RecordingFileSystem?
    private let readsRecords: Bool

    /// `reads` enables looking for a record, `writes` making one; both need a cache folder and an
    /// executable whose identity is known.
    init(reads: Bool, writes: Bool, key: RunRecord.Key, context: CommandContext) {
        let store = reads || writes ? RunRecordStore(environment: context.environment, currentDirectory: context.currentDirectory) : nil
        tool = store == nil ? nil : ToolIdentity.current(version: SDKGenVersion.current)
        self.store = tool == nil ? nil : store
        self.key = key
        recording = writes && self.store != nil ? RecordingFileSystem() : nil
        readsRecords = reads
    }

    /// Whether `record` can write a record (with `--no-cache`, `--check` or no cache folder it
    /// cannot), so that a caller need not gather what a record holds for nothing.
    var records: Bool { store != nil && tool != nil && recording != nil }

    /// What the pipeline reads the project through: noted when a record may be written.
    var fileSystem: any ProjectFileSystem { recording ?? LocalFileSystem() }

    /// What the stored record says: the record when it shows that nothing changed since it was
    /// made, otherwise why every stage must run (for `--verbose`), with `display` for paths.
    func lookUp(display: (String) -> String) -> (record: RunRecord?, reason: String) {
        guard readsRecords else { return (nil, "--no-cache") }
        guard let store, let tool else { return (nil, "no cache folder (set SDKGEN_CACHE_DIR or HOME)") }
        guard let record = store.load(key) else { return (nil, "no run record for these arguments yet") }
        guard let change = record.change(tool: tool, key: key) else { return (record, "") }
        return (nil, Self.describe(change, display: display))
    }

    static func describe(_ change: RecordedChange, display: (String) -> String) -> String {
        switch change {
        case .tool: "sdkgen itself changed since the last run"
        case .arguments: "the run record belongs to other arguments"
        case .input(let path): "'\(display(path))' changed"
        case .listing(let path): "files were added to or removed from '\(display(path))'"
        case .appeared(let path): "'\(display(path))' appeared"
        case .disappeared(let path): "'\(display(path))' is gone"
        case .output(let path): "generated '\(display(path))' changed or is missing"
        }
    }

    /// Records a run that found `outputs` current (wrote and deleted nothing) and printed
    /// `messages` (its warnings) besides the summary; any other run only removes the stored record,
    /// which it made stale.
    func record(summary: WriteSummary, messages: String, outputs: [String]) {
        guard let store, let tool, let recording else { return }
        guard summary.written.isEmpty, summary.deleted.isEmpty, summary.leftoversRemoved == 0,
              let inputs = recording.observations,
              let record = RunRecord(tool: tool, key: key, packages: summary.packages, files: summary.unchanged,
                                     messages: messages, inputs: inputs, outputs: outputs) else {
            store.remove(key)
            return
        }
        if store.save(record) {
            store.removeUnused()
        } else {
            store.remove(key)
        }
    }

    /// Notes that this run skipped its stages thanks to the stored record (see `RunRecordStore.markUsed`).
    func markUsed() {
        store?.markUsed(key)
    }

    /// Removes the stored record: after a failed run it describes output that may be gone.
    func forget() {
        store?.remove(key)
    }
}
