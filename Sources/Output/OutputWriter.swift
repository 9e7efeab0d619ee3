#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics
import Parallel

/// What a write run did.
public struct WriteSummary: Sendable, Equatable {
    /// The folders of the packages generated (retired packages not counted), absolute, in plan order.
    public var packages: [String] = []
    /// Files created or replaced, absolute paths (manifests included).
    public var written: [String] = []
    public var unchanged = 0
    /// Owned files removed because no package produces them any more, absolute paths.
    public var deleted: [String] = []
    /// Temporary files of an interrupted earlier run that were removed.
    public var leftoversRemoved = 0
    /// Package folders where another generator's package was replaced.
    public var replaced: [ReplacedPackage] = []

    public init() {}
}

/// The outcome of `OutputWriter.write`.
public struct WriteResult: Sendable {
    public var summary: WriteSummary
    /// Errors stop the run: when planning finds any, nothing at all is written.
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Brings package folders up to date with an `OutputPlan` (`write`), or tells how far they are from
/// it (`check`). Both start from the same `OutputChanges`, so `--check` reports exactly what
/// `generate` would do.
public enum OutputWriter {
    /// Writes `plan`: only files whose bytes differ, each atomically, then deletes the owned files no
    /// package produces any more. Every check runs before the first write, so a refused file (not
    /// sdkgen's, overlapping folders) leaves the disk as it was. Paths in messages are shown relative
    /// to `currentDirectory` when given.
    public static func write(_ plan: OutputPlan, currentDirectory: String? = nil) -> WriteResult {
        let display = displayFunction(currentDirectory)
        let changes = OutputChanges(plan, keepingOld: false, display: display)
        var summary = WriteSummary()
        summary.packages = plan.packages.map(\.directory)
        var diagnostics = changes.diagnostics
        guard !changes.hasErrors else { return WriteResult(summary: summary, diagnostics: diagnostics) }
        for package in changes.packages {
            do {
                try apply(package, to: &summary)
            } catch {
                diagnostics.append(failure(error, origin: package.origin, display: display))
                return WriteResult(summary: summary, diagnostics: diagnostics)
            }
        }
        if let record = changes.record, let text = record.text {
            do {
                try Disk.createFolders(Paths.parent(record.path) ?? "/")
                try Disk.replace(record.path, with: text.text)
            } catch {
                diagnostics.append(failure(error, origin: nil, display: display))
            }
        }
        return WriteResult(summary: summary, diagnostics: diagnostics)
    }

    /// What `write(plan)` would change in package folders, without writing anything. The record
    /// file is local bookkeeping and not compared, so it may stay out of version control.
    public static func check(_ plan: OutputPlan, currentDirectory: String? = nil) -> CheckReport {
        let changes = OutputChanges(plan, keepingOld: true, display: displayFunction(currentDirectory))
        var entries: [CheckReport.Entry] = []
        for package in changes.packages {
            for change in package.writes + package.deletions + [package.manifest].compactMap({ $0 }) {
                entries.append(CheckReport.Entry(
                    difference: change.text == nil ? .extra : change.exists ? .changed : .missing, path: change.path,
                    actual: change.old.map { String(decoding: $0, as: UTF8.self) },
                    expected: change.text?.text
                ))
            }
        }
        // Manifests after the files they list: a manifest's diff only repeats the file changes, so
        // it would be noise at the top of a CI log.
        let isManifest: (CheckReport.Entry) -> Bool = { $0.path.hasSuffix("/" + PackageManifest.fileName) }
        let sorted = Paths.sorted(entries, by: \.path)
        return CheckReport(entries: sorted.filter { !isManifest($0) } + sorted.filter(isManifest),
                           diagnostics: changes.diagnostics, packages: plan.packages.count,
                           unchanged: changes.packages.reduce(0) { $0 + $1.unchanged },
                           replaced: changes.packages.compactMap { package in
                               package.replaced.map { ReplacedPackage(directory: package.directory, generator: $0) }
                           })
    }

    /// Writes, then deletes, then settles the manifest, which until then lists what a run cut
    /// short may have left.
    private static func apply(_ changes: PackageChanges, to summary: inout WriteSummary) throws {
        for leftover in changes.leftovers where unlink(leftover) == 0 { summary.leftoversRemoved += 1 }
        summary.unchanged += changes.unchanged
        try write(changes.writes, in: changes.directory)
        summary.written += changes.writes.map(\.path)
        if let generator = changes.replaced { summary.replaced.append(ReplacedPackage(directory: changes.directory, generator: generator)) }
        for change in changes.deletions + [changes.manifest].compactMap({ $0 }) {
            let folder = Paths.parent(change.path) ?? "/"
            if let text = change.text {
                try Disk.createFolders(folder)
                try Disk.replace(change.path, with: text.text)
                summary.written.append(change.path)
                continue
            }
            guard unlink(change.path) == 0 || errno == ENOENT else { throw FileSystemError.lastError(change.path) }
            summary.deleted.append(change.path)
            Disk.removeEmptyFolders(from: folder, upTo: changes.directory, includingStop: changes.retired)
        }
    }

    /// Creates the files' folders, then renders and writes the files on every processor, one task
    /// per file. A file whose text lacks the marker is not written: no later run could replace it.
    private static func write(_ writes: [FileChange], in directory: String) throws {
        var folders: Set<String> = []
        for change in writes {
            let folder = Paths.parent(change.path) ?? "/"
            if folders.insert(folder).inserted { try Disk.createFolders(folder) }
        }
        let failures = ChunkedWork.Slots<Error?>(count: writes.count)
        ChunkedWork.run(writes.indices.map { index in
            { failures.store(write(writes[index], in: directory), at: index) }
        })
        if let failure = failures.take().lazy.compactMap({ $0 }).first { throw failure }
    }

    private static func write(_ change: FileChange, in directory: String) -> Error? {
        guard let text = change.text?.text else { return nil }
        guard OwnershipMarker.isPresent(in: text) else { return UnmarkedFile(path: String(change.path.dropFirst(directory.count + 1))) }
        do {
            try Disk.replace(change.path, with: text)
            return nil
        } catch {
            return error
        }
    }

    /// A rendered file without the marker, by its path in the package.
    private struct UnmarkedFile: Error {
        let path: String
    }

    static func unmarkedMessage(_ path: String) -> String {
        "generated file '\(path)' has no '\(OwnershipMarker.text)' line, so no later run could replace it"
    }

    private static func failure(_ error: Error, origin: SourceSpan?, display: (String) -> String) -> Diagnostic {
        if let error = error as? UnmarkedFile { return Diagnostic(.error, unmarkedMessage(error.path), span: origin) }
        if let error = error as? FileSystemError {
            return Diagnostic(.error, "cannot write '\(display(error.path))': \(error.reason)", span: origin)
        }
        return Diagnostic(.error, "cannot write the generated files: \(error)", span: origin)
    }

    private static func displayFunction(_ currentDirectory: String?) -> (String) -> String {
        guard let currentDirectory else { return { $0 } }
        return { RelativePath.display($0, from: currentDirectory) }
    }
}
