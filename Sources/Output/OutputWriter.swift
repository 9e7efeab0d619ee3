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
    /// sdkgen's, overlapping folders) leaves the disk as it was; the steps are ordered so that a run
    /// cut short at any point leaves only files a manifest lists (see `OutputChanges.steps`). Paths
    /// in messages are shown relative to `currentDirectory` when given.
    public static func write(_ plan: OutputPlan, currentDirectory: String? = nil) -> WriteResult {
        let display = displayFunction(currentDirectory)
        let changes = OutputChanges(plan, keepingOld: false, display: display)
        var summary = WriteSummary()
        summary.packages = plan.packages.map(\.directory)
        guard !changes.hasErrors else { return WriteResult(summary: summary, diagnostics: changes.diagnostics) }
        for step in changes.steps {
            do {
                try apply(step)
            } catch {
                let origin = changes.packages.first { $0.directory == step.package }?.origin
                return WriteResult(summary: summary, diagnostics: changes.diagnostics + [failure(error, origin: origin, display: display)])
            }
        }
        for package in changes.packages {
            summary.leftoversRemoved += package.leftovers.count
            summary.unchanged += package.unchanged
            summary.written += package.writes.map(\.path)
            summary.deleted += package.deletions.filter(\.exists).map(\.path)
            if let manifest = package.manifest { manifest.text == nil ? summary.deleted.append(manifest.path) : summary.written.append(manifest.path) }
            if let generator = package.replaced { summary.replaced.append(ReplacedPackage(directory: package.directory, generator: generator)) }
        }
        return WriteResult(summary: summary, diagnostics: changes.diagnostics)
    }

    /// What `write(plan)` would change in package folders, without writing anything. The record
    /// file is local bookkeeping and not compared, so it may stay out of version control.
    public static func check(_ plan: OutputPlan, currentDirectory: String? = nil) -> CheckReport {
        let changes = OutputChanges(plan, keepingOld: true, display: displayFunction(currentDirectory))
        let entries = changes.packages.flatMap { package in
            (package.writes + package.deletions.filter(\.exists) + [package.manifest].compactMap { $0 }).map { change in
                CheckReport.Entry(difference: change.text == nil ? .extra : change.exists ? .changed : .missing, path: change.path,
                                  actual: change.old.map { String(decoding: $0, as: UTF8.self) }, expected: change.text?.text)
            }
        }
        // Manifests after the files they list: their diffs only repeat the file changes, noise at the top of a CI log.
        let isManifest: (CheckReport.Entry) -> Bool = { $0.path.hasSuffix("/" + PackageManifest.fileName) }
        let sorted = PathRules.sorted(entries, by: \.path)
        return CheckReport(entries: sorted.filter { !isManifest($0) } + sorted.filter(isManifest),
                           diagnostics: changes.diagnostics, packages: plan.packages.count,
                           unchanged: changes.packages.reduce(0) { $0 + $1.unchanged },
                           replaced: changes.packages.compactMap { package in
                               package.replaced.map { ReplacedPackage(directory: package.directory, generator: $0) }
                           })
    }

    /// Applies one step of a run.
    static func apply(_ step: WriteStep) throws {
        switch step {
        case .removeLeftovers(let paths):
            for path in paths { unlink(path) }
        case .write(let changes, let directory):
            try write(changes, in: directory)
        case .delete(let change, let package, let retiring):
            guard unlink(change.path) == 0 || errno == ENOENT else { throw FileSystemError.lastError(change.path) }
            Disk.removeEmptyFolders(from: RelativePath.parent(change.path) ?? "/", upTo: package, includingStop: retiring)
        }
    }

    /// Creates the files' folders, then renders and writes the files on every processor, one task per file.
    private static func write(_ writes: [FileChange], in directory: String) throws {
        var folders: Set<String> = []
        for change in writes {
            let folder = RelativePath.parent(change.path) ?? "/"
            if folders.insert(folder).inserted { try Disk.createFolders(folder) }
        }
        let failures = ChunkedWork.Slots<Error?>(count: writes.count)
        ChunkedWork.run(writes.indices.map { index in
            { failures.store(write(writes[index], in: directory), at: index) }
        })
        if let failure = failures.take().lazy.compactMap({ $0 }).first { throw failure }
    }

    /// Writes one file; sdkgen's only when its text has the marker, without which no later run could replace it.
    private static func write(_ change: FileChange, in directory: String) -> Error? {
        guard let text = change.text?.text else { return nil }
        do {
            switch change.owner {
            case .sdkgen:
                guard OwnershipMarker.isPresent(in: text) else { return UnmarkedFile(path: String(change.path.dropFirst(directory.count + 1))) }
                try Disk.replace(change.path, with: text)
            case .user(let mode?):
                try Disk.replace(change.path, with: text, mode: mode)
            case .user(nil):
                try Disk.create(change.path, with: text)
            }
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
        if let error = error as? UnmarkedFile { return Diagnostic(.error, .outputUnmarkedGeneratedFile, unmarkedMessage(error.path), span: origin) }
        if let error = error as? FileSystemError {
            return Diagnostic(.error, .outputWriteFailed, "cannot write '\(display(error.path))': \(error.reason)", span: origin)
        }
        return Diagnostic(.error, .outputWriteFailed, "cannot write the generated files: \(error)", span: origin)
    }

    private static func displayFunction(_ currentDirectory: String?) -> (String) -> String {
        guard let currentDirectory else { return { $0 } }
        return { RelativePath.display($0, from: currentDirectory) }
    }
}
