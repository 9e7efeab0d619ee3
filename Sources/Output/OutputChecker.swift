/// Compares an `OutputPlan` with the disk without writing anything, for `sdkgen generate --check`.
public enum OutputChecker {
    /// What `OutputWriter.write(plan)` would change in package folders (the record file is local
    /// bookkeeping and not compared, so it may stay out of version control). Paths in messages are relative to
    /// `currentDirectory` when given.
    public static func check(_ plan: OutputPlan, currentDirectory: String? = nil) -> CheckReport {
        let inspection = OutputInspection(plan, display: OutputWriter.displayFunction(currentDirectory))
        var entries: [CheckReport.Entry] = []
        var unchanged = 0
        for changes in inspection.packages {
            unchanged += changes.unchanged.count
            for write in changes.writes {
                entries.append(CheckReport.Entry(
                    difference: write.old == nil ? .missing : .changed, path: changes.absolute(write.path),
                    actual: write.old.map { String(decoding: $0, as: UTF8.self) },
                    expected: String(decoding: write.bytes, as: UTF8.self), origin: changes.origin
                ))
            }
            for deletion in changes.deletions {
                entries.append(CheckReport.Entry(
                    difference: .extra, path: changes.absolute(deletion.path),
                    actual: String(decoding: deletion.old, as: UTF8.self), expected: nil, origin: changes.origin
                ))
            }
        }
        entries = ByteOrder.sorted(entries, by: \.path)
        return CheckReport(entries: entries, diagnostics: inspection.diagnostics, packages: plan.packages.count,
                           unchanged: unchanged)
    }
}
