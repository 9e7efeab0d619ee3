#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics

/// One file a run creates, replaces or deletes.
struct FileChange {
    /// Absolute.
    var path: String
    /// The text to write (rendered already when the file had to be compared); nil for a deletion.
    var text: GeneratedText?
    var exists: Bool
    /// The bytes on disk, kept only for `--check`'s diffs.
    var old: [UInt8]?
    var owner: Owner

    enum Owner {
        /// sdkgen's: its text must carry the marker, so that a later run may replace it.
        case sdkgen
        /// The user's: a new one replaces nothing that appears meanwhile; an edited one keeps its permissions (`mode`).
        case user(mode: mode_t?)
    }

    init(path: String, text: GeneratedText? = nil, old: [UInt8]?, keepingOld: Bool, owner: Owner = .sdkgen) {
        self.path = path
        self.text = text
        exists = old != nil
        self.old = keepingOld ? old : nil
        self.owner = owner
    }
}

/// One step of a run. A run cut short (killed, out of space) stops between two steps, or inside one leaving at most
/// a temporary file; the order of the steps makes either state one the next run repairs (see `OutputChanges.steps`).
enum WriteStep {
    /// Temporary files of an interrupted run, removed.
    case removeLeftovers([String])
    /// Files written together, on every processor, into `directory` (for messages).
    case write([FileChange], directory: String)
    /// One file deleted (if still there), then the folders that emptied, up to `package` (itself when `retiring`).
    case delete(FileChange, package: String, retiring: Bool)

    /// The package folder the step writes in or deletes from (nil for leftovers, whose removal never fails a run).
    var package: String? {
        switch self {
        case .removeLeftovers: return nil
        case .write(_, let directory): return directory
        case .delete(_, let package, _): return package
        }
    }
}

/// What bringing one package folder up to date takes.
struct PackageChanges {
    var directory: String
    var origin: SourceSpan?
    /// A package this run no longer makes: its owned files go, and its folder once empty.
    var retired: Bool
    var writes: [FileChange] = []
    /// Owned files no longer generated (listed ones already gone too: deleting them removes the folders left empty).
    var deletions: [FileChange] = []
    /// The manifest listing what the one on disk lists and every file of this run, written before the first file that
    /// one does not list: at every instant, the manifest on disk lists every owned file the folder may hold.
    var manifestAhead: FileChange?
    /// The final manifest's write (or, retired, deletion), relative to the disk before the run; after the deletions.
    var manifest: FileChange?
    /// Files (the manifest included) that already hold the right bytes.
    var unchanged = 0
    /// Temporary files of interrupted runs in the package's folders.
    var leftovers: [String] = []
    /// The generator whose package in the folder these changes replace (`PredecessorPackage.generator`).
    var replaced: String?

    /// Leftovers, the manifest ahead, the files, the deletions, the final manifest (unless the one ahead is it).
    var steps: [WriteStep] {
        var steps: [WriteStep] = leftovers.isEmpty ? [] : [.removeLeftovers(leftovers)]
        if let manifestAhead { steps.append(.write([manifestAhead], directory: directory)) }
        if !writes.isEmpty { steps.append(.write(writes, directory: directory)) }
        steps += deletions.map { .delete($0, package: directory, retiring: retired) }
        if let manifest, manifest.text == nil {
            steps.append(.delete(manifest, package: directory, retiring: retired))
        } else if let manifest, manifestAhead?.text?.text != manifest.text?.text {
            steps.append(.write([manifest], directory: directory))
        }
        return steps
    }
}

/// Every change a plan makes to the disk, or the reasons none may be made, worked out from one look at the disk before
/// anything is written. The writer applies them and `--check` reports them, so both always agree.
struct OutputChanges {
    var packages: [PackageChanges] = []
    var diagnostics: [Diagnostic] = []
    /// The record file's new bytes, when they differ from those on disk.
    var record: FileChange?
    /// The record listing the recorded folders and this run's, written first when the one on disk lacks some, so the
    /// next run retires a package folder that a run cut short created, whatever it is asked to generate.
    var recordAhead: FileChange?
    private let display: (String) -> String
    private let keepsOld: Bool

    /// `keepingOld` keeps the bytes of files that change (for diffs); a write does not need them.
    init(_ plan: OutputPlan, keepingOld: Bool, display: @escaping (String) -> String) {
        self.display = display
        keepsOld = keepingOld
        checkFolders(plan)
        for package in plan.packages { add(package, retired: false) }
        if let recordFile = plan.recordFile { planRecord(at: RelativePath.normalized(recordFile), plan) }
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Every step of the run in order: the record ahead, each package's steps, the final record.
    var steps: [WriteStep] {
        var steps: [WriteStep] = recordAhead.map { [.write([$0], directory: RelativePath.parent($0.path) ?? "/")] } ?? []
        steps += packages.flatMap(\.steps)
        if let record, recordAhead?.text?.text != record.text?.text { steps.append(.write([record], directory: RelativePath.parent(record.path) ?? "/")) }
        return steps
    }

    /// Two packages may not share a folder or nest: each would delete the other's files as stale.
    private mutating func checkFolders(_ plan: OutputPlan) {
        let folders = plan.packages.map { RelativePath.canonical($0.directory) }
        for (index, package) in plan.packages.enumerated() {
            for other in plan.packages.indices where other > index {
                let (first, second) = (folders[index], folders[other])
                let (firstFolded, secondFolded) = (first.lowercased(), second.lowercased())
                // Folders that differ only in case are one folder on a case-insensitive disk (macOS's default).
                guard RelativePath.contains(firstFolded, secondFolded) || RelativePath.contains(secondFolded, firstFolded) else { continue }
                let notes = plan.packages[other].origin.map { [Diagnostic.Note("the other package is configured here", span: $0)] } ?? []
                let relation = firstFolded == secondFolded
                    ? (first == second ? "the same folder" : "folders that differ only in case (one folder on a case-insensitive disk)")
                    : "folders that lie inside one another"
                diagnostics.append(Diagnostic(
                    .error, .outputPackageOverlap,
                    "packages '\(display(package.directory))' and '\(display(plan.packages[other].directory))' have \(relation); each swiftSdk entry needs a folder of its own",
                    span: package.origin, notes: notes
                ))
            }
        }
    }

    /// Adds the changes of `package`, unless it cannot be written (the reasons go to `diagnostics`).
    private mutating func add(_ package: RenderedPackage, retired: Bool) {
        var planner = PackagePlanner(package, retired: retired, keepingOld: keepsOld, display: display)
        let changes = planner.changes()
        diagnostics += planner.diagnostics
        if let changes { packages.append(changes) }
    }

    /// Retires the recorded packages this plan no longer makes and works out the new record.
    private mutating func planRecord(at path: String, _ plan: OutputPlan) {
        let found = try? Disk.look(path)
        let old = found?.bytes
        // The record is replaced like any generated file: only when it is sdkgen's (or empty).
        guard [.missing, .file].contains(found?.entry ?? .missing), old.map(OwnershipMarker.owns) ?? true else {
            diagnostics.append(Diagnostic(.error, .outputForeignRecord, "'\(display(path))' is not sdkgen's record of package folders (no '\(OwnershipMarker.text)' line); sdkgen will not overwrite it; move it away"))
            return
        }
        let previous = old.flatMap { PackageRecord(bytes: $0, at: path) }?.entries ?? []
        let covered: (String) -> Bool = { (plan.connectors?.contains($0) ?? true) && !plan.keptConnectors.contains($0) }
        let current = Set(plan.packages.map { RelativePath.normalized($0.directory) })
        let canonicalCurrent = plan.packages.map { RelativePath.canonical($0.directory) }
        let project = RelativePath.canonical(RelativePath.parent(path) ?? "/")
        for entry in previous where covered(entry.connector) && !current.contains(entry.directory) {
            // A hand-edited record may name `/` or a folder around the project: never a package's folder.
            guard !RelativePath.contains(RelativePath.canonical(entry.directory), project) else {
                diagnostics.append(Diagnostic(.warning, .outputRecordContainsProject, "'\(display(path))' lists '\(display(entry.directory))', which sdkgen does not clean up: it contains the record file"))
                continue
            }
            // A retired folder nesting with a current one is left alone: its files may be the current package's.
            let canonical = RelativePath.canonical(entry.directory)
            guard !canonicalCurrent.contains(where: { RelativePath.contains($0, canonical) || RelativePath.contains(canonical, $0) }) else { continue }
            add(RenderedPackage(directory: entry.directory, files: [:], connector: entry.connector), retired: true)
        }
        let kept = previous.filter { !covered($0.connector) && !current.contains($0.directory) }
        for entry in kept where plan.keptConnectors.contains(entry.connector) && (plan.connectors?.contains(entry.connector) ?? true) {
            diagnostics.append(Diagnostic(.warning, .outputKeptPackage, "package folder '\(display(entry.directory))' is no longer generated for connector '\(entry.connector)' but is kept: its connector.yaml has warnings, and a misspelt key may hide its swiftSdk entry; fix them and run again to delete it"))
        }
        let made = plan.packages.map { (connector: $0.connector, directory: RelativePath.normalized($0.directory)) }
        let text = PackageRecord(entries: kept + made).text(at: path)
        if old.map({ !Disk.same($0, text) }) ?? true { record = FileChange(path: path, text: GeneratedText(text), old: old, keepingOld: keepsOld) }
        let unrecorded = made.filter { entry in !previous.contains { $0 == entry } }
        if !unrecorded.isEmpty {
            let ahead = PackageRecord(entries: previous + unrecorded).text(at: path)
            recordAhead = FileChange(path: path, text: GeneratedText(ahead), old: old, keepingOld: false)
        }
    }
}
