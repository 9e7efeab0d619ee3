#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics
import Parallel

/// Works out the changes of one package folder from one look at it, refusing anything that touches a file not sdkgen's.
struct PackagePlanner {
    private let package: RenderedPackage
    private let retired: Bool
    private let keepsOld: Bool
    private let display: (String) -> String
    private let directory: String
    private let manifestPath: String
    private var folders: FolderCheck
    private(set) var diagnostics: [Diagnostic] = []

    /// `retired` plans the removal of a package this run no longer makes.
    init(_ package: RenderedPackage, retired: Bool, keepingOld: Bool, display: @escaping (String) -> String) {
        self.package = package
        self.retired = retired
        keepsOld = keepingOld
        self.display = display
        directory = RelativePath.normalized(package.directory)
        manifestPath = directory + "/" + PackageManifest.fileName
        folders = FolderCheck(directory: directory)
    }

    /// The changes; nil when the package cannot be written (see `diagnostics`).
    mutating func changes() -> PackageChanges? {
        guard folderIsUsable() else { return nil }
        if case .user(let edits) = package.ownership { return userChanges(edits) }
        // A retired folder comes from the hand-editable record: without sdkgen's manifest, nothing in it is touched.
        if retired, (try? Disk.look(manifestPath)).flatMap({ $0.bytes }).flatMap(PackageManifest.paths) == nil { return nil }
        var changes = PackageChanges(directory: directory, origin: package.origin, retired: retired)
        let files = validFiles()
        let (listed, manifestOnDisk) = readManifest()
        // No manifest: the folder may hold another generator's package; one written ahead by a replacement cut short: its
        // listed files are still being replaced.
        let unmetSignals = manifestOnDisk == nil && !retired ? predecessorUnmetSignals() : nil
        let predecessorFiles = Set(package.predecessor.map { Array($0.files.keys) } ?? [])
        let adopted = unmetSignals == [] ? predecessorFiles
            : manifestOnDisk.map(PackageManifest.isReplacing) == true ? predecessorFiles.intersection(listed) : []
        if !adopted.isEmpty { changes.replaced = package.predecessor?.generator }
        let blockers = files.map { folders.blocker(of: $0.path) }
        let found = probe(files, skipping: blockers, adopting: adopted)
        // Files of a predecessor that was not recognised are refused together, naming why.
        var predecessorsInTheWay: [String] = []
        for (index, file) in files.enumerated() {
            if case .found(.file, _, nil) = found[index], unmetSignals?.isEmpty == false, package.predecessor?.files[file.path] != nil {
                predecessorsInTheWay.append(file.path)
            } else {
                planWrite(of: file, found: found[index], into: &changes)
            }
        }
        if let predecessor = package.predecessor, let unmetSignals, !predecessorsInTheWay.isEmpty {
            let paths = predecessorsInTheWay.map { "'\($0)'" }.joined(separator: ", ")
            fail(.outputNotGenerated, "cannot replace \(paths) in '\(display(directory))': sdkgen did not generate them (no '\(OwnershipMarker.text)' line), "
                + "and they are not the package \(predecessor.generator) wrote, because \(unmetSignals.joined(separator: "; ")); move or delete them")
        }
        let stale = PathRules.sorted(Set(listed).union(adopted).filter { package.files[$0] == nil }, by: { $0 })
        for path in stale { planDeletion(of: path, adopted: adopted.contains(path) || package.ownership == .derived, into: &changes) }
        if retired {
            if let manifestOnDisk { changes.manifest = change(manifestPath, text: nil, old: manifestOnDisk) }
        } else {
            refuseStrays(accountedFor: Set(files.map(\.path)).union(listed).union(adopted))
            // The predecessor's files are listed ahead too, so the next run deletes one a run cut short left.
            planManifests(listing: files.map(\.path), listed: listed + adopted, onDisk: manifestOnDisk, into: &changes)
        }
        changes.leftovers = ownedFolders(files.map(\.path) + stale).flatMap(Disk.leftovers)
        return diagnostics.contains { $0.severity == .error } ? nil : changes
    }

    /// The final manifest, and the one (listing old and new files) written before the first file the old one lacks.
    private func planManifests(listing paths: [String], listed: [String], onDisk: [UInt8]?, into changes: inout PackageChanges) {
        let text = PackageManifest.text(listing: paths)
        if let onDisk, Disk.same(onDisk, text) {
            changes.unchanged += 1
        } else {
            changes.manifest = change(manifestPath, text: GeneratedText(text), old: onDisk)
        }
        let listed = Set(listed)
        let prefix = directory.utf8.count + 1
        guard changes.writes.contains(where: { !listed.contains(String(decoding: $0.path.utf8.dropFirst(prefix), as: UTF8.self)) }) else { return }
        let ahead = PackageManifest.text(listing: PathRules.sorted(Array(listed.union(paths)), by: { $0 }), replacing: changes.replaced != nil)
        changes.manifestAhead = change(manifestPath, text: GeneratedText(ahead), old: onDisk)
    }

    /// Refuses each marked file that no manifest lists and this run does not write: it still compiles into the package
    /// (an earlier version's run cut short, or a copy, leaves one). A person's file without the marker is theirs.
    private mutating func refuseStrays(accountedFor known: Set<String>) {
        for path in PathRules.sorted(Disk.visibleFiles(in: directory).filter { !known.contains($0) }, by: { $0 }) {
            let target = directory + "/" + path
            guard let head = Disk.head(target, limit: 16_384), OwnershipMarker.isPresent(in: head) else { continue }
            fail(.outputStrayGeneratedFile, "'\(display(target))' carries sdkgen's '\(OwnershipMarker.text)' line, but '\(display(manifestPath))' does not list it and no swiftSdk entry generates it (a run of an earlier sdkgen cut short can leave such a file); delete it, or remove that line to keep it")
        }
    }

    /// The user's own files (`sdkgen init`): created where nothing is, or replaced while holding the bytes edited.
    private mutating func userChanges(_ edits: [String: [UInt8]]) -> PackageChanges? {
        var changes = PackageChanges(directory: directory, origin: package.origin, retired: false)
        for file in validFiles() {
            let target = directory + "/" + file.path
            if let blocker = folders.blocker(of: file.path) {
                fail(.outputPathBlocked, "cannot write '\(display(target))': '\(display(blocker))' is in the way and is not a folder")
                continue
            }
            guard let (entry, bytes) = look(target) else { continue }
            if let expected = edits[file.path] {
                guard entry == .file, bytes == expected else {
                    fail(.outputChangedDuringRun, "cannot replace '\(display(target))': it changed while sdkgen was editing it; run the command again")
                    continue
                }
                let text = file.text.text
                if Disk.same(expected, text) {
                    changes.unchanged += 1
                    continue
                }
                var info = stat()
                changes.writes.append(change(target, text: GeneratedText(text), old: bytes,
                                             owner: .user(mode: lstat(target, &info) == 0 ? info.st_mode & 0o7777 : nil)))
            } else {
                guard entry == .missing else {
                    fail(.outputNotGenerated, "cannot create '\(display(target))': it already exists, and sdkgen never overwrites a file of yours")
                    continue
                }
                changes.writes.append(change(target, text: file.text, old: nil, owner: .user(mode: nil)))
            }
        }
        return diagnostics.contains { $0.severity == .error } ? nil : changes
    }

    private func change(_ path: String, text: GeneratedText?, old: [UInt8]?, owner: FileChange.Owner = .sdkgen) -> FileChange {
        FileChange(path: path, text: text, old: old, keepingOld: keepsOld, owner: owner)
    }

    /// An error at the package's `swiftSdk` entry, or at what the file `path` is named after.
    private mutating func fail(_ id: DiagnosticID, _ message: String, about path: String? = nil) {
        diagnostics.append(Diagnostic(.error, id, message, span: path.flatMap { package.fileOrigins[$0] } ?? package.origin))
    }

    private mutating func look(_ path: String) -> (entry: DiskEntry, bytes: [UInt8]?)? {
        do {
            return try Disk.look(path)
        } catch {
            fail(.outputReadFailed, "cannot read '\(display(path))': \((error as? FileSystemError)?.reason ?? "\(error)")")
            return nil
        }
    }

    /// Whether the package folder is absolute and missing (not for a retired package), a folder, or a link to one.
    private mutating func folderIsUsable() -> Bool {
        guard package.directory.hasPrefix("/") else {
            fail(.outputInvalidFolder, "package folder '\(package.directory)' is not an absolute path")
            return false
        }
        if let problem = PathRules.problem(withAbsolutePath: package.directory) {
            fail(.outputInvalidFolder, "package folder '\(display(package.directory))' \(problem)")
            return false
        }
        switch DiskEntry(at: directory) {
        case .missing:
            guard !retired else { return false }
            var existing = directory
            repeat { existing = RelativePath.parent(existing) ?? "" } while !existing.isEmpty && DiskEntry(at: existing) == .missing
            guard existing.isEmpty || Disk.isFolder(existing) else {
                fail(.outputPathBlocked, "output folder '\(display(directory))' cannot be created: '\(display(existing))' exists but is not a folder")
                return false
            }
            return true
        case .directory: return true
        case .other where Disk.isFolder(directory): return true
        case .file, .other:
            if !retired { fail(.outputPathBlocked, "output folder '\(display(directory))' exists but is not a folder") }
            return false
        }
    }

    /// The files whose paths are acceptable, in byte order.
    private mutating func validFiles() -> [(path: String, text: GeneratedText)] {
        var files: [(path: String, text: GeneratedText)] = []
        for (path, text) in package.files {
            if let problem = PathRules.problem(withRelativePath: path) ?? PathRules.problem(withAbsolutePath: directory + "/" + path) {
                fail(.outputInvalidFilePath, "generated file path '\(path)' \(problem)", about: path)
            } else {
                files.append((path, text))
            }
        }
        files = PathRules.sorted(files, by: \.path)
        for (path, other) in PathRules.caseClashes(files.map(\.path)) {
            fail(.outputInvalidFilePath, "generated file path '\(path)' differs from '\(other)' only in case, so they are one file on a case-insensitive disk", about: path)
        }
        return files
    }

    /// The paths the manifest on disk lists, and its bytes.
    private mutating func readManifest() -> (listed: [String], bytes: [UInt8]?) {
        switch look(manifestPath) {
        case (.file, let bytes?)?:
            guard let paths = PackageManifest.paths(in: bytes) else {
                fail(.outputForeignManifest, "'\(display(manifestPath))' is not an sdkgen manifest; sdkgen will not overwrite it")
                return ([], bytes)
            }
            return (paths, bytes)
        case (.missing, _)?, nil:
            return ([], nil)
        case _?:
            fail(.outputForeignManifest, "'\(display(manifestPath))' is in the way of sdkgen's manifest (it is not a regular file)")
            return ([], nil)
        }
    }

    /// Why the folder does not hold the predecessor: each of its files that is no regular file reached without a link
    /// whose bytes pass its signature. Empty when it does (its files are then replaced as if sdkgen's); nil without a
    /// predecessor, or when no file's bytes point to it.
    private mutating func predecessorUnmetSignals() -> [String]? {
        guard let predecessor = package.predecessor, !predecessor.files.isEmpty else { return nil }
        var unmet: [String] = []
        var resembles = false
        for (path, signature) in PathRules.sorted(Array(predecessor.files), by: \.key) {
            guard PathRules.problem(withRelativePath: path) == nil, folders.blocker(of: path) == nil else {
                unmet.append("'\(path)' is not reached without a symbolic link")
                continue
            }
            switch try? Disk.look(directory + "/" + path) {
            case (.file, let bytes?)?:
                if !PredecessorPackage.matches(bytes, signature) {
                    unmet.append(signature.unmet(by: path))
                } else if signature != .any {
                    resembles = true
                }
            case (.missing, _)?, nil:
                unmet.append("'\(path)' is missing")
            case _?:
                unmet.append("'\(path)' is not a regular file")
            }
        }
        return unmet.isEmpty || resembles ? unmet : nil
    }

    /// What lies at each file's path (none behind a `blocker`: a link), on every processor, one task per file (a README
    /// renders as long as many operation classes). An owned (or `adopted`) file is compared with its rendered text there
    /// and then, so only the text of files that change is kept; a missing file is rendered when it is written.
    private func probe(_ files: [(path: String, text: GeneratedText)], skipping blockers: [String?], adopting adopted: Set<String>) -> [Probe] {
        // A derived folder's files are all replaced, marker or not (`FolderOwnership.derived`).
        let (directory, derived) = (directory, package.ownership == .derived)
        let results = ChunkedWork.Slots<Probe>(count: files.count)
        ChunkedWork.run(files.indices.map { index in
            {
                let (path, text) = files[index]
                let adopt = derived || adopted.contains(path)
                results.store(blockers[index].map(Probe.blocked) ?? Self.probe(directory + "/" + path, text, adopted: adopt), at: index)
            }
        })
        return results.take()
    }

    private static func probe(_ path: String, _ text: GeneratedText, adopted: Bool) -> Probe {
        do {
            let (entry, bytes) = try Disk.look(path)
            guard let bytes, adopted || OwnershipMarker.owns(bytes) else { return .found(entry, bytes, nil) }
            let rendered = text.text
            if Disk.same(bytes, rendered) { return .same }
            return OwnershipMarker.isPresent(in: rendered) ? .found(entry, bytes, rendered) : .unmarked
        } catch {
            return .unreadable((error as? FileSystemError)?.reason ?? "\(error)")
        }
    }

    private enum Probe: Sendable {
        case blocked(String)
        case same
        /// The entry, a regular file's bytes, and the rendered text when the file is sdkgen's.
        case found(DiskEntry, [UInt8]?, String?)
        /// The rendered text has no marker.
        case unmarked
        case unreadable(String)
    }

    private mutating func planWrite(of file: (path: String, text: GeneratedText), found: Probe, into changes: inout PackageChanges) {
        let target = directory + "/" + file.path
        switch found {
        case .blocked(let blocker):
            fail(.outputPathBlocked, "cannot write '\(display(target))': '\(display(blocker))' is in the way and is not a folder")
        case .same: changes.unchanged += 1
        case .unmarked: fail(.outputUnmarkedGeneratedFile, OutputWriter.unmarkedMessage(file.path))
        case .unreadable(let reason): fail(.outputReadFailed, "cannot read '\(display(target))': \(reason)")
        case .found(.missing, _, _):
            changes.writes.append(change(target, text: file.text, old: nil))
        case .found(.file, let old?, let text):
            if let text {
                changes.writes.append(change(target, text: GeneratedText(text), old: old))
            } else {
                fail(.outputNotGenerated, "cannot overwrite '\(display(target))': sdkgen did not generate it (no '\(OwnershipMarker.text)' line); move or delete it")
            }
        case .found(.directory, _, _): fail(.outputPathBlocked, "cannot write '\(display(target))': a folder of that name is in the way")
        case .found: fail(.outputPathBlocked, "cannot write '\(display(target))': it is a symbolic link or special file, which sdkgen never replaces")
        }
    }

    /// Deletes only what the old manifest lists (or an `adopted` predecessor wrote) in the folder, reached without a link,
    /// and owned; any other listed path is kept, with a warning.
    private mutating func planDeletion(of path: String, adopted: Bool, into changes: inout PackageChanges) {
        let target = directory + "/" + path
        var keptBecause: String?
        if let problem = PathRules.problem(withRelativePath: path) {
            keptBecause = "the path \(problem)"
        } else if let blocker = folders.blocker(of: path) {
            keptBecause = "'\(display(blocker))' is not a folder"
        } else {
            switch look(target) {
            case (.file, let old?)?:
                if adopted || OwnershipMarker.owns(old) {
                    changes.deletions.append(change(target, text: nil, old: old))
                } else {
                    fail(.outputNotGenerated, "cannot delete '\(display(target))': it is no longer generated but was edited since (no '\(OwnershipMarker.text)' line); delete it or move it away")
                }
            case (.missing, _)?, nil:
                // Gone already: deleting it only removes the folders an interrupted run left empty.
                changes.deletions.append(change(target, text: nil, old: nil))
            case _?: keptBecause = "it is not a regular file"
            }
        }
        if let keptBecause {
            diagnostics.append(Diagnostic(.warning, .outputKeptFile, "'\(display(manifestPath))' lists '\(path)', which sdkgen does not delete: \(keptBecause)",
                                          span: package.origin))
        }
    }

    /// The package folder and the real folders in it that hold or held generated files, reached without a link.
    private mutating func ownedFolders(_ paths: [String]) -> [String] {
        var relative: Set<String> = []
        for path in paths where PathRules.problem(withRelativePath: path) == nil {
            var folder = path
            while let parent = RelativePath.parent(folder), relative.insert(parent).inserted { folder = parent }
        }
        let reachable = relative.filter { folders.blocker(of: $0 + "/-") == nil }
        let inside = reachable.map { directory + "/" + $0 }.filter { DiskEntry(at: $0) == .directory }
        return [directory] + PathRules.sorted(inside, by: { $0 })
    }
}

/// The first existing part of a file's folders that is no real folder (a file, or a link, which sdkgen never follows);
/// each folder is looked at once, however many files it holds.
private struct FolderCheck {
    let directory: String
    var known: [String: String?] = [:]

    mutating func blocker(of relative: String) -> String? {
        guard let parent = RelativePath.parent(relative) else { return nil }
        if let blocker = known[parent] { return blocker }
        let folder = directory + "/" + parent
        let blocker = self.blocker(of: parent) ?? ([.missing, .directory].contains(DiskEntry(at: folder)) ? nil : folder)
        known[parent] = blocker
        return blocker
    }
}
