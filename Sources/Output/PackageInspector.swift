import Diagnostics
import Parallel

/// Compares a rendered package with its folder on disk and decides what to write and delete,
/// refusing (with a diagnostic) anything that would touch a file sdkgen does not own.
struct PackageInspector {
    /// Renders paths in messages, relative to the user's current folder when that is shorter.
    var display: (String) -> String

    /// The changes for `package`; `retired` plans the removal of a package this run no longer makes.
    func inspect(_ package: RenderedPackage, retired: Bool, into diagnostics: inout [Diagnostic]) -> PackageChanges? {
        var changes = PackageChanges(directory: Folders.normalized(package.directory), origin: package.origin, retired: retired)
        let errorsBefore = diagnostics.count
        func fail(_ message: String) { diagnostics.append(Diagnostic(.error, message, span: package.origin)) }

        guard package.directory.hasPrefix("/") else {
            fail("package folder '\(package.directory)' is not an absolute path")
            return nil
        }
        switch DiskEntry(at: changes.directory) {
        case .missing:
            if retired { return nil }
        case .directory: break
        case .other where DiskEntry.isFolder(changes.directory): break
        case .file, .other:
            if retired { return nil }
            fail("output folder '\(display(changes.directory))' exists but is not a folder")
            return nil
        }

        // The package's own table, less any path that is refused (normally none): not rebuilt.
        var desired = package.files
        for path in package.files.keys {
            if let problem = Folders.problem(withRelativePath: path) {
                fail("generated file path '\(path)' \(problem)")
                desired[path] = nil
            } else if path == PackageManifest.fileName || Self.hasTemporaryPart(path) {
                fail("generated file path '\(path)' is reserved for sdkgen's own bookkeeping")
                desired[path] = nil
            }
        }

        let manifestPath = changes.absolute(PackageManifest.fileName)
        var manifestOnDisk: [UInt8]?
        switch DiskEntry(at: manifestPath) {
        case .missing: break
        case .file:
            do {
                manifestOnDisk = try DiskEntry.read(manifestPath)
            } catch {
                fail("cannot read '\(display(manifestPath))': \(reason(error))")
            }
        case .directory, .other:
            fail("'\(display(manifestPath))' is in the way of sdkgen's manifest (it is not a regular file)")
        }

        // Looking at the disk is most of the work for packages of a thousand files, and is read
        // only: every file is probed in parallel, then decided in order.
        let paths = ByteOrder.sorted(desired.keys)
        let onDisk = package.alreadyOnDisk
        // The usual run: emission found every file current (`alreadyOnDisk` holds rendered paths
        // only, so equal counts mean all of them), and the manifest on disk is the one this run
        // would write. Then it is neither parsed nor rebuilt.
        let manifestIsCurrent = !retired && desired.count == package.files.count && onDisk.count == desired.count
            && manifestOnDisk.map { PackageManifest.isExactly($0, listing: paths) } ?? false
        if !manifestIsCurrent, let bytes = manifestOnDisk {
            if let manifest = PackageManifest(bytes: bytes) {
                changes.oldManifest = manifest
            } else if !bytes.starts(with: PackageManifest.header.utf8) {
                fail("'\(display(manifestPath))' is not an sdkgen manifest; sdkgen will not overwrite it")
            }
        }
        let texts = desired
        let directory = changes.directory
        let blockers = blockingAncestors(of: paths, in: directory)
        let probes = ChunkedWork.map(count: paths.count) { range in
            range.map { index -> Probe in
                // Compared while rendering: the text was dropped then.
                if onDisk.contains(paths[index]) { return Probe(entry: .file, same: true) }
                let probe = DiskEntry.probe(directory + "/" + paths[index], equal: texts[paths[index]] ?? "")
                return Probe(entry: probe.entry, same: probe.same)
            }
        }.flatMap { $0 }
        for (index, path) in paths.enumerated() {
            // A file found unchanged needs no text: looked up only for the others.
            let probe = probes[index]
            let text = blockers[index] == nil && probe.entry == .file && probe.same ? "" : desired[path] ?? ""
            inspectWrite(path, text, blocker: blockers[index], probe: probe, into: &changes, fail: fail)
        }
        // Usually the old manifest lists exactly these files; then nothing is deleted, and its
        // paths need not be sorted to find out.
        let oldEntries = changes.oldManifest.entries
        let oldListsOthers = !manifestIsCurrent && (oldEntries.count != desired.count || !desired.keys.allSatisfy { oldEntries[$0] != nil })
        if oldListsOthers {
            for path in changes.oldManifest.paths where desired[path] == nil {
                inspectDeletion(path, into: &changes, fail: fail)
            }
        }

        if retired {
            if let manifestOnDisk { changes.deletions.append((PackageManifest.fileName, manifestOnDisk)) }
        } else if manifestIsCurrent {
            changes.unchanged.append(PackageManifest.fileName)
        } else {
            let manifest: PackageManifest
            if !oldListsOthers, changes.unchanged.count == desired.count, oldEntries.values.allSatisfy({ $0.count == 1 }) {
                // Every file unchanged and listed with one hash: the new manifest is the old one
                // (what `PackageManifest(files:reusing:unchanged:)` would rebuild entry by entry).
                manifest = changes.oldManifest
            } else {
                // A file whose text was dropped is hashed from the disk, which holds the same bytes,
                // unless the old manifest's single hash for it is reused.
                var hashes: [String: String] = [:]
                for path in package.alreadyOnDisk where changes.oldManifest.hashes(of: path).count != 1 && desired[path] != nil {
                    do {
                        hashes[path] = SHA256.hex(try DiskEntry.read(changes.absolute(path)))
                    } catch {
                        fail("cannot read '\(display(changes.absolute(path)))': \(reason(error))")
                    }
                }
                manifest = PackageManifest(files: desired, reusing: changes.oldManifest, unchanged: Set(changes.unchanged),
                                           hashes: hashes)
            }
            changes.newManifest = manifest
            // The new manifest lists exactly `paths`, sorted already.
            let bytes = manifest.bytes(orderedBy: paths)
            if let manifestOnDisk, manifestOnDisk.hasSameBytes(as: bytes) {
                changes.unchanged.append(PackageManifest.fileName)
            } else {
                changes.writes.append(FileChange(path: PackageManifest.fileName, bytes: bytes, old: manifestOnDisk))
            }
        }
        changes.ownedFolders = ownedFolders(changes, paths: paths, oldListsOthers: oldListsOthers)
        return diagnostics.count == errorsBefore ? changes : nil
    }

    /// Whether a part of `path` looks like one of sdkgen's temporary files.
    private static func hasTemporaryPart(_ path: String) -> Bool {
        return path.withUTF8Bytes { bytes in
            let prefix = temporaryPrefix
            var start = 0
            while true {
                if bytes[start...].starts(with: prefix) { return true }
                guard let slash = bytes[start...].firstIndex(of: UInt8(ascii: "/")) else { return false }
                start = slash + 1
            }
        }
    }

    private static let temporaryPrefix = Array(AtomicFile.temporaryPrefix.utf8)

    /// What is on disk where a file goes: its entry, and whether it already holds the new bytes.
    private struct Probe: Sendable {
        var entry: DiskEntry
        var same: Bool
    }

    private func inspectWrite(
        _ path: String, _ text: String, blocker: String?, probe: Probe, into changes: inout PackageChanges, fail: (String) -> Void
    ) {
        // Built only where needed: most files are unchanged, and a package has thousands.
        var target: String { changes.absolute(path) }
        if let blocker {
            fail("cannot write '\(display(target))': '\(display(blocker))' is in the way and is not a folder")
            return
        }
        switch probe.entry {
        case .missing:
            changes.writes.append(FileChange(path: path, bytes: Array(text.utf8), old: nil))
        case .directory:
            fail("cannot write '\(display(target))': a folder of that name is in the way")
        case .other:
            fail("cannot write '\(display(target))': it is a symbolic link or special file, which sdkgen never replaces")
        case .file:
            // The common case, an unchanged file, is settled without reading it into memory.
            if probe.same {
                changes.unchanged.append(path)
                return
            }
            do {
                let old = try DiskEntry.read(target)
                let bytes = Array(text.utf8)
                if old.hasSameBytes(as: bytes) {
                    changes.unchanged.append(path)
                } else if isOwned(path, old, manifest: changes.oldManifest) {
                    changes.writes.append(FileChange(path: path, bytes: bytes, old: old))
                } else {
                    fail("cannot overwrite '\(display(target))': sdkgen did not generate it (no '\(OwnershipMarker.text)' line, not in \(PackageManifest.fileName)); move or delete it")
                }
            } catch {
                fail("cannot read '\(display(target))': \(reason(error))")
            }
        }
    }

    private func inspectDeletion(_ path: String, into changes: inout PackageChanges, fail: (String) -> Void) {
        let target = changes.absolute(path)
        guard DiskEntry(at: target) == .file else { return }
        do {
            let old = try DiskEntry.read(target)
            if isOwned(path, old, manifest: changes.oldManifest) {
                changes.deletions.append((path, old))
            } else {
                fail("cannot delete '\(display(target))': it is no longer generated but was edited since (no '\(OwnershipMarker.text)' line); delete it or move it away")
            }
        } catch {
            fail("cannot read '\(display(target))': \(reason(error))")
        }
    }

    /// A file is sdkgen's when it carries the marker or still has the bytes the manifest recorded.
    private func isOwned(_ path: String, _ bytes: [UInt8], manifest: PackageManifest) -> Bool {
        OwnershipMarker.isPresent(in: bytes) || manifest.hashes(of: path).contains(SHA256.hex(bytes))
    }

    /// The first existing part of `path`'s folders (inside `directory`) that is not a folder.
    /// For each path, the first folder above it (below `directory`) that exists but is not a
    /// folder; each folder is looked at once, however many files it holds.
    private func blockingAncestors(of paths: [String], in directory: String) -> [String?] {
        var byParent: [Substring: String?] = [:]
        var last: (parent: Substring, blocker: String?)?
        return paths.map { path in
            let parent = path.lastSlashIndex.map { path[..<$0] } ?? ""
            // The paths are sorted, so a folder's files follow one another.
            if let last, last.parent == parent { return last.blocker }
            if let known = byParent[parent] {
                last = (parent, known)
                return known
            }
            var blocker: String?
            var current = directory
            for part in parent.utf8.split(separator: UInt8(ascii: "/")) {
                current += "/" + String(Substring(part))
                let entry = DiskEntry(at: current)
                if entry == .missing { break }
                if entry != .directory {
                    blocker = current
                    break
                }
            }
            byParent[parent] = blocker
            last = (parent, blocker)
            return blocker
        }
    }

    /// The folders of `paths` (sorted) and of the old manifest's files (which, unless
    /// `oldListsOthers`, are the same files), that exist.
    private func ownedFolders(_ changes: PackageChanges, paths: [String], oldListsOthers: Bool) -> [String] {
        // Relative folders first, without building a path per file: packages have thousands.
        var relative: Set<Substring> = []
        var lastParent: Substring?
        func addParents(of path: String) {
            guard let slash = path.lastSlashIndex else { return }
            // Most files share their folder with the file before them: compared, not hashed.
            let parent = path[..<slash]
            if parent == lastParent { return }
            lastParent = parent
            // Parent after parent until one is known: a folder of a thousand files costs one walk.
            var folder = parent
            while relative.insert(folder).inserted, let slash = folder.lastSlashIndex {
                folder = folder[..<slash]
            }
        }
        for path in paths { addParents(of: path) }
        if oldListsOthers {
            for path in changes.oldManifest.entries.keys { addParents(of: path) }
        }
        let folders = [changes.directory] + relative.map { changes.directory + "/" + $0 }
        return ByteOrder.sorted(folders.filter { DiskEntry(at: $0) == .directory })
    }

    private func reason(_ error: Error) -> String {
        (error as? FileSystemError)?.reason ?? "\(error)"
    }
}
