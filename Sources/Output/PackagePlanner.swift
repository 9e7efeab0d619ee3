import Diagnostics
import Parallel

/// Works out the changes of one package folder from one look at it, refusing (with a diagnostic)
/// anything that would touch a file sdkgen does not own.
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
        directory = Paths.normalized(package.directory)
        manifestPath = directory + "/" + PackageManifest.fileName
        folders = FolderCheck(directory: directory)
    }

    /// The changes; nil when the package cannot be written (see `diagnostics`).
    mutating func changes() -> PackageChanges? {
        guard folderIsUsable() else { return nil }
        // A retired folder comes from the record file, which may be edited by hand: without sdkgen's
        // manifest it holds no package of sdkgen's, and nothing in it (not even a leftover) is touched.
        if retired, (try? Disk.look(manifestPath)).flatMap({ $0.bytes }).flatMap(PackageManifest.paths) == nil { return nil }
        var changes = PackageChanges(directory: directory, origin: package.origin, retired: retired)
        let files = validFiles()
        let (listed, manifestOnDisk) = readManifest()
        // Without a manifest of sdkgen's, the folder may hold the package another generator wrote.
        let adopted = manifestOnDisk == nil && !retired ? predecessorFiles() : []
        if !adopted.isEmpty { changes.replaced = package.predecessor?.generator }
        let blockers = files.map { folders.blocker(of: $0.path) }
        let found = probe(files, skipping: blockers, adopting: adopted)
        for (index, file) in files.enumerated() { planWrite(of: file, blocker: blockers[index], found: found[index], into: &changes) }
        let stale = Paths.sorted(Set(listed).union(adopted).filter { package.files[$0] == nil }, by: { $0 })
        for path in stale { planDeletion(of: path, adopted: adopted.contains(path), into: &changes) }
        if retired {
            if let manifestOnDisk { changes.manifest = change(manifestPath, text: nil, old: manifestOnDisk) }
        } else {
            let text = PackageManifest.text(listing: files.map(\.path))
            if let manifestOnDisk, Disk.same(manifestOnDisk, text) {
                changes.unchanged += 1
            } else {
                changes.manifest = change(manifestPath, text: GeneratedText(text), old: manifestOnDisk)
            }
        }
        changes.leftovers = ownedFolders(files.map(\.path) + stale).flatMap(Disk.leftovers)
        return diagnostics.contains { $0.severity == .error } ? nil : changes
    }

    private func change(_ path: String, text: GeneratedText?, old: [UInt8]?) -> FileChange {
        FileChange(path: path, text: text, old: old, keepingOld: keepsOld)
    }

    /// An error at the package's `swiftSdk` entry, or at what the file `path` is named after.
    private mutating func fail(_ message: String, about path: String? = nil) {
        diagnostics.append(Diagnostic(.error, message, span: path.flatMap { package.fileOrigins[$0] } ?? package.origin))
    }

    private mutating func look(_ path: String) -> (entry: DiskEntry, bytes: [UInt8]?)? {
        do {
            return try Disk.look(path)
        } catch {
            fail("cannot read '\(display(path))': \((error as? FileSystemError)?.reason ?? "\(error)")")
            return nil
        }
    }

    /// Whether the package folder is absolute and missing (not for a retired package), a folder, or
    /// a link to one.
    private mutating func folderIsUsable() -> Bool {
        guard package.directory.hasPrefix("/") else {
            fail("package folder '\(package.directory)' is not an absolute path")
            return false
        }
        if let problem = Paths.problem(withAbsolutePath: package.directory) {
            fail("package folder '\(display(package.directory))' \(problem)")
            return false
        }
        switch DiskEntry(at: directory) {
        case .missing: return !retired
        case .directory: return true
        case .other where Disk.isFolder(directory): return true
        case .file, .other:
            if !retired { fail("output folder '\(display(directory))' exists but is not a folder") }
            return false
        }
    }

    /// The files whose paths are acceptable, in byte order.
    private mutating func validFiles() -> [(path: String, text: GeneratedText)] {
        var files: [(path: String, text: GeneratedText)] = []
        for (path, text) in package.files {
            if let problem = Paths.problem(withRelativePath: path) ?? Paths.problem(withAbsolutePath: directory + "/" + path) {
                fail("generated file path '\(path)' \(problem)", about: path)
            } else {
                files.append((path, text))
            }
        }
        files = Paths.sorted(files, by: \.path)
        for (path, other) in Paths.caseClashes(files.map(\.path)) {
            fail("generated file path '\(path)' differs from '\(other)' only in case, so they are one file on a case-insensitive disk", about: path)
        }
        return files
    }

    /// The paths the manifest on disk lists, and its bytes.
    private mutating func readManifest() -> (listed: [String], bytes: [UInt8]?) {
        switch look(manifestPath) {
        case (.file, let bytes?)?:
            guard let paths = PackageManifest.paths(in: bytes) else {
                fail("'\(display(manifestPath))' is not an sdkgen manifest; sdkgen will not overwrite it")
                return ([], bytes)
            }
            return (paths, bytes)
        case (.missing, _)?, nil:
            return ([], nil)
        case _?:
            fail("'\(display(manifestPath))' is in the way of sdkgen's manifest (it is not a regular file)")
            return ([], nil)
        }
    }

    /// The files of the package's predecessor when the folder holds exactly that package: each is a
    /// regular file inside the folder, reached without a link, whose bytes pass its signature, and
    /// its exclusive folders (real folders, not links) hold nothing else. Empty otherwise.
    private mutating func predecessorFiles() -> Set<String> {
        guard let predecessor = package.predecessor, !predecessor.files.isEmpty else { return [] }
        for (path, signature) in predecessor.files {
            guard Paths.problem(withRelativePath: path) == nil, folders.blocker(of: path) == nil,
                  case (.file, let bytes?)? = try? Disk.look(directory + "/" + path),
                  PredecessorPackage.matches(bytes, signature) else { return [] }
        }
        for folder in predecessor.exclusiveFolders {
            guard Paths.problem(withRelativePath: folder) == nil, folders.blocker(of: folder + "/-") == nil,
                  DiskEntry(at: directory + "/" + folder) == .directory,
                  let names = Disk.names(in: directory + "/" + folder) else { return [] }
            guard names.allSatisfy({ $0.hasPrefix(".") || predecessor.files[folder + "/" + $0] != nil }) else { return [] }
        }
        return Set(predecessor.files.keys)
    }

    /// What lies at each file's path, looked at on every processor (none behind a `blocker`, which
    /// would mean going through a link). A file sdkgen owns (or `adopted` from a predecessor) is
    /// compared with its rendered text there and then, so only the text of files that change is
    /// kept; a missing file is rendered when it is written. One task per file: a README renders as
    /// long as many operation classes.
    private func probe(_ files: [(path: String, text: GeneratedText)], skipping blockers: [String?], adopting adopted: Set<String>) -> [Probe] {
        let directory = directory
        let results = ChunkedWork.Slots<Probe>(count: files.count)
        ChunkedWork.run(files.indices.map { index in
            {
                let (path, text) = files[index]
                results.store(blockers[index] == nil ? Self.probe(directory + "/" + path, text, adopted: adopted.contains(path)) : .skipped, at: index)
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
        case skipped
        case same
        /// The entry, a regular file's bytes, and the rendered text when the file is sdkgen's.
        case found(DiskEntry, [UInt8]?, String?)
        /// The rendered text has no marker.
        case unmarked
        case unreadable(String)
    }

    private mutating func planWrite(
        of file: (path: String, text: GeneratedText), blocker: String?, found: Probe, into changes: inout PackageChanges
    ) {
        let target = directory + "/" + file.path
        if let blocker {
            fail("cannot write '\(display(target))': '\(display(blocker))' is in the way and is not a folder")
            return
        }
        switch found {
        case .skipped: break
        case .same: changes.unchanged += 1
        case .unmarked: fail(OutputWriter.unmarkedMessage(file.path))
        case .unreadable(let reason): fail("cannot read '\(display(target))': \(reason)")
        case .found(.missing, _, _):
            changes.writes.append(change(target, text: file.text, old: nil))
        case .found(.file, let old?, let text):
            if let text {
                changes.writes.append(change(target, text: GeneratedText(text), old: old))
            } else {
                fail("cannot overwrite '\(display(target))': sdkgen did not generate it (no '\(OwnershipMarker.text)' line); move or delete it")
            }
        case .found(.directory, _, _): fail("cannot write '\(display(target))': a folder of that name is in the way")
        case .found: fail("cannot write '\(display(target))': it is a symbolic link or special file, which sdkgen never replaces")
        }
    }

    /// Deletes only what the old manifest lists (or an `adopted` predecessor wrote) inside the
    /// package folder, reached without a link, and owned; any other listed path is kept, with a warning.
    private mutating func planDeletion(of path: String, adopted: Bool, into changes: inout PackageChanges) {
        let target = directory + "/" + path
        var keptBecause: String?
        if let problem = Paths.problem(withRelativePath: path) {
            keptBecause = "the path \(problem)"
        } else if let blocker = folders.blocker(of: path) {
            keptBecause = "'\(display(blocker))' is not a folder"
        } else {
            switch look(target) {
            case (.file, let old?)?:
                if adopted || OwnershipMarker.owns(old) {
                    changes.deletions.append(change(target, text: nil, old: old))
                } else {
                    fail("cannot delete '\(display(target))': it is no longer generated but was edited since (no '\(OwnershipMarker.text)' line); delete it or move it away")
                }
            case (.missing, _)?, nil: break
            case _?: keptBecause = "it is not a regular file"
            }
        }
        if let keptBecause {
            diagnostics.append(Diagnostic(.warning, "'\(display(manifestPath))' lists '\(path)', which sdkgen does not delete: \(keptBecause)",
                                          span: package.origin))
        }
    }

    /// The package folder and the real folders inside it that hold or held generated files, reached
    /// without a link (a folder below a linked one lies outside the package).
    private mutating func ownedFolders(_ paths: [String]) -> [String] {
        var relative: Set<String> = []
        for path in paths where Paths.problem(withRelativePath: path) == nil {
            var folder = path
            while let parent = Paths.parent(folder), relative.insert(parent).inserted { folder = parent }
        }
        let reachable = relative.filter { folders.blocker(of: $0 + "/-") == nil }
        let inside = reachable.map { directory + "/" + $0 }.filter { DiskEntry(at: $0) == .directory }
        return [directory] + Paths.sorted(inside, by: { $0 })
    }
}

/// Finds what stands in the way of a file's folders inside a package folder: the first existing
/// part that is not a real folder (a file, or a symbolic link, which sdkgen never follows). Each
/// folder is looked at once, however many files it holds.
private struct FolderCheck {
    let directory: String
    private var known: [String: String?] = [:]

    init(directory: String) {
        self.directory = directory
    }

    mutating func blocker(of relative: String) -> String? {
        guard let parent = Paths.parent(relative) else { return nil }
        if let blocker = known[parent] { return blocker }
        let folder = directory + "/" + parent
        let blocker = self.blocker(of: parent) ?? ([.missing, .directory].contains(DiskEntry(at: folder)) ? nil : folder)
        known[parent] = blocker
        return blocker
    }
}
