#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics
import Dispatch
import Foundation
import Parallel

/// What a write run did.
public struct WriteSummary: Sendable, Equatable, CustomStringConvertible {
    /// Packages generated (retired packages not counted).
    public var packages: Int = 0
    /// Files created or replaced, absolute paths (manifests included).
    public var written: [String] = []
    public var unchanged: Int = 0
    /// Owned files removed because no package produces them any more, absolute paths.
    public var deleted: [String] = []
    /// Temporary files of an interrupted earlier run that were removed.
    public var leftoversRemoved: Int = 0
    public var milliseconds: Double = 0

    public init() {}

    /// `2 packages: 3 written, 40 unchanged, 1 deleted (12.5 ms)`
    public var description: String {
        var text = "\(packages) \(packages == 1 ? "package" : "packages"): \(written.count) written, \(unchanged) unchanged, \(deleted.count) deleted"
        if leftoversRemoved > 0 { text += ", \(leftoversRemoved) leftover temporary \(leftoversRemoved == 1 ? "file" : "files") removed" }
        return text + " (" + DurationText.milliseconds(milliseconds) + ")"
    }
}

/// The outcome of `OutputWriter.write`.
public struct WriteResult: Sendable {
    public var summary: WriteSummary
    /// Errors stop the run: when planning finds any, nothing at all is written.
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Brings package folders up to date with an `OutputPlan`, touching only files whose bytes differ.
public enum OutputWriter {
    /// Writes `plan`. Paths in messages are shown relative to `currentDirectory` when given.
    ///
    /// Every check runs before the first write, so a refused file (not sdkgen's, overlapping folders)
    /// leaves the disk as it was. Each file is replaced atomically; a package's manifest lists both
    /// old and new hashes while its files change, so an interrupted run is recognised and finished by
    /// the next one.
    public static func write(_ plan: OutputPlan, currentDirectory: String? = nil) -> WriteResult {
        let start = DispatchTime.now().uptimeNanoseconds
        let inspection = OutputInspection(plan, display: displayFunction(currentDirectory))
        var summary = WriteSummary()
        summary.packages = plan.packages.count
        var diagnostics = inspection.diagnostics
        if diagnostics.contains(where: { $0.severity == .error }) {
            return WriteResult(summary: summary, diagnostics: diagnostics)
        }
        for changes in inspection.packages {
            do {
                try apply(changes, to: &summary)
            } catch {
                diagnostics.append(failure(error, origin: changes.origin, display: displayFunction(currentDirectory)))
                summary.milliseconds = elapsed(since: start)
                return WriteResult(summary: summary, diagnostics: diagnostics)
            }
        }
        if let recordFile = plan.recordFile, let record = inspection.record {
            do {
                _ = try FileWriter.write(record.text(at: recordFile), to: Folders.normalized(recordFile))
            } catch {
                diagnostics.append(failure(error, origin: nil, display: displayFunction(currentDirectory)))
            }
        }
        summary.milliseconds = elapsed(since: start)
        return WriteResult(summary: summary, diagnostics: diagnostics)
    }

    private static func apply(_ changes: PackageChanges, to summary: inout WriteSummary) throws {
        for folder in changes.ownedFolders { summary.leftoversRemoved += AtomicFile.removeLeftovers(in: folder).count }
        summary.unchanged += changes.unchanged.count
        guard !changes.isCurrent else { return }

        let manifestPath = changes.absolute(PackageManifest.fileName)
        let fileWrites = changes.writes.filter { $0.path != PackageManifest.fileName }
        if !changes.retired, !fileWrites.isEmpty || !changes.deletions.isEmpty {
            try Folders.create(changes.directory)
            let transitional = changes.oldManifest.merged(with: changes.newManifest ?? PackageManifest())
            try AtomicFile.write(Array(transitional.text.utf8), to: manifestPath)
        }
        let paths = fileWrites.map { changes.absolute($0.path) }
        var folders: Set<String> = []
        for path in paths {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { continue }
            let folder = String(path[..<slash])
            if folders.insert(folder).inserted { try Folders.create(folder) }
        }
        // Each file waits for its own fsync; spread over the processors, a package of a thousand
        // new files is written in a fraction of the time.
        let failures = ChunkedWork.map(count: fileWrites.count) { range in
            range.compactMap { index -> (index: Int, error: any Error)? in
                do {
                    try AtomicFile.write(fileWrites[index].bytes, to: paths[index])
                    return nil
                } catch {
                    return (index, error)
                }
            }
        }.flatMap { $0 }
        let failed = Set(failures.map(\.index))
        summary.written += paths.indices.filter { !failed.contains($0) }.map { paths[$0] }
        if let first = failures.first { throw first.error }
        // The manifest goes last among deletions of a retired package, so it keeps listing what remains.
        for deletion in changes.deletions {
            let path = changes.absolute(deletion.path)
            guard unlink(path) == 0 || errno == ENOENT else { throw FileSystemError.lastError(path) }
            summary.deleted.append(path)
            if let slash = path.lastIndex(of: "/") {
                Folders.removeEmpty(from: String(path[..<slash]), upTo: changes.directory, includingStop: changes.retired)
            }
        }
        if let manifest = changes.newManifest {
            try Folders.create(changes.directory)
            try AtomicFile.write(Array(manifest.text.utf8), to: manifestPath)
            if changes.writes.contains(where: { $0.path == PackageManifest.fileName }) { summary.written.append(manifestPath) }
        }
    }

    private static func failure(_ error: Error, origin: SourceSpan?, display: (String) -> String) -> Diagnostic {
        if let error = error as? FileSystemError {
            return Diagnostic(.error, "cannot write '\(display(error.path))': \(error.reason)", span: origin)
        }
        return Diagnostic(.error, "cannot write the generated files: \(error)", span: origin)
    }

    static func displayFunction(_ currentDirectory: String?) -> (String) -> String {
        guard let currentDirectory else { return { $0 } }
        return { RelativePath.display($0, from: currentDirectory) }
    }

    private static func elapsed(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }
}
