import Diagnostics

/// The changes of every package of a plan, or the reasons none may be made.
///
/// Shared by the writer and the check, so `--check` reports exactly what `generate` would do.
struct OutputInspection {
    var packages: [PackageChanges] = []
    var diagnostics: [Diagnostic] = []
    /// The record to write after the run; nil when the plan keeps none.
    var record: PackageRecord?

    init(_ plan: OutputPlan, display: @escaping (String) -> String) {
        let inspector = PackageInspector(display: display)
        checkFolders(plan, display: display)
        let current = Set(plan.packages.map { Folders.normalized($0.directory) })
        for package in plan.packages {
            if let changes = inspector.inspect(package, retired: false, into: &diagnostics) { packages.append(changes) }
        }

        guard let recordFile = plan.recordFile else { return }
        let previous = PackageRecord(contentsOf: recordFile)?.entries ?? []
        let covered: (String) -> Bool = { plan.connectors?.contains($0) ?? true }
        let canonicalCurrent = plan.packages.map { Folders.canonical($0.directory) }
        // A retired folder nesting with a current one is left alone: its files may be the current package's.
        let nests: (String) -> Bool = { folder in
            let canonical = Folders.canonical(folder)
            return canonicalCurrent.contains { Folders.contains($0, canonical) || Folders.contains(canonical, $0) }
        }
        for entry in previous where covered(entry.connector) && !current.contains(entry.directory) && !nests(entry.directory) {
            let retired = RenderedPackage(directory: entry.directory, files: [:], connector: entry.connector)
            if let changes = inspector.inspect(retired, retired: true, into: &diagnostics) { packages.append(changes) }
        }
        let kept = previous.filter { !covered($0.connector) && !current.contains($0.directory) }
        let made = plan.packages.map { (connector: $0.connector, directory: Folders.normalized($0.directory)) }
        record = PackageRecord(entries: kept + made)
    }

    /// Two packages may not share a folder or nest: each would delete the other's files as stale.
    private mutating func checkFolders(_ plan: OutputPlan, display: (String) -> String) {
        let folders = plan.packages.map { Folders.canonical($0.directory) }
        for (index, package) in plan.packages.enumerated() {
            for other in plan.packages.indices where other > index {
                guard Folders.contains(folders[index], folders[other]) || Folders.contains(folders[other], folders[index]) else { continue }
                let notes = plan.packages[other].origin.map { [Diagnostic.Note("the other package is configured here", span: $0)] } ?? []
                let relation = folders[index] == folders[other] ? "the same folder" : "folders that lie inside one another"
                diagnostics.append(Diagnostic(
                    .error,
                    "packages '\(display(package.directory))' and '\(display(plan.packages[other].directory))' have \(relation); each swiftSdk entry needs a folder of its own",
                    span: package.origin, notes: notes
                ))
            }
        }
    }
}
