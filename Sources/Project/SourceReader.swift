import Diagnostics

/// Reads configuration and GraphQL files, reporting failures at the configuration value that named them.
struct SourceReader {
    let fileSystem: ProjectFileSystem
    static let graphQLExtensions = [".gql", ".graphql"]
    /// Deeper folders are almost certainly a symbolic-link loop.
    static let maximumDepth = 32
    /// Entries one walk looks at before giving up: a source folder that is (or links to) `/` would otherwise be walked whole.
    static let maximumEntries = 100_000

    /// The file at `path` as a `SourceFile`, or nil after an error.
    func readFile(_ path: String, namedBy declaration: ConfigPath?, diagnostics: inout DiagnosticCollector) -> SourceFile? {
        do {
            return SourceFile(path: path, bytes: try fileSystem.readFile(path))
        } catch {
            diagnostics.append(Diagnostic(.error, .projectUnreadableFile, "cannot read \(path): \(error.localizedDescription)", span: declaration?.span))
            return nil
        }
    }

    /// Every `*.gql` and `*.graphql` file under `folder`, recursively, hidden entries skipped, sorted by byte-wise path.
    func graphQLFiles(in folder: String, namedBy declaration: ConfigPath, role: String,
                      diagnostics: inout DiagnosticCollector) -> [SourceFile] {
        guard fileSystem.isDirectory(folder) else {
            diagnostics.append(Diagnostic(.error, .projectSourceFolderMissing, "\(role) folder \"\(declaration.path)\" does not exist (looked at \(folder))",
                                          span: declaration.span))
            return []
        }
        var walk = Walk()
        let errorsBefore = diagnostics.errorCount
        collect(folder, prefix: "", depth: 0, into: &walk, declaration: declaration, diagnostics: &diagnostics)
        let relativePaths = walk.paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        // An empty result after a listing error is explained already.
        if relativePaths.isEmpty, diagnostics.errorCount == errorsBefore {
            diagnostics.append(Diagnostic(.warning, .projectNoGraphQLFiles, "\(role) folder \"\(declaration.path)\" has no .gql or .graphql files",
                                          span: declaration.span))
        }
        return relativePaths.compactMap { readFile(RelativePath.join(folder, $0), namedBy: declaration, diagnostics: &diagnostics) }
    }

    /// What one folder walk has found and where it has been.
    private struct Walk {
        var paths: [String] = []
        /// Folders entered, by device and inode: two links to `.` would otherwise double the walk at every level.
        var visited: Set<FileIdentity> = []
        var entries = 0
        var stopped = false
    }

    private func collect(_ folder: String, prefix: String, depth: Int, into walk: inout Walk,
                         declaration: ConfigPath, diagnostics: inout DiagnosticCollector) {
        guard !walk.stopped else { return }
        guard depth < Self.maximumDepth else {
            diagnostics.append(Diagnostic(.error, .projectFolderTooDeep, "folders under \"\(declaration.path)\" nest deeper than \(Self.maximumDepth) levels (a symbolic link loop?)",
                                          span: declaration.span))
            walk.stopped = true
            return
        }
        if let identity = fileSystem.identity(of: folder), !walk.visited.insert(identity).inserted {
            diagnostics.append(Diagnostic(.warning, .projectFolderReadTwice, "skipped \(folder): it is a folder already read under \"\(declaration.path)\" (a symbolic link?)",
                                          span: declaration.span))
            return
        }
        let listing: DirectoryListing
        do {
            listing = try fileSystem.listDirectory(folder)
        } catch {
            diagnostics.append(Diagnostic(.error, .projectFolderUnlistable, "cannot list \(folder): \(error.localizedDescription)", span: declaration.span))
            return
        }
        for name in listing.undecodable.sorted() where !name.hasPrefix(".") {
            diagnostics.append(Diagnostic(.error, .projectFileNameNotUTF8, "cannot read \"\(name)\" in \(folder): its name is not valid UTF-8; rename it",
                                          span: declaration.span))
        }
        for name in listing.names.sorted() where !name.hasPrefix(".") {
            walk.entries += 1
            guard walk.entries <= Self.maximumEntries else {
                diagnostics.append(Diagnostic(.error, .projectTooManyFiles, "\"\(declaration.path)\" holds more than \(Self.maximumEntries) files and folders; stopped reading it",
                                              span: declaration.span))
                walk.stopped = true
                return
            }
            let path = RelativePath.join(folder, name)
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            if fileSystem.isDirectory(path) {
                collect(path, prefix: relative, depth: depth + 1, into: &walk, declaration: declaration, diagnostics: &diagnostics)
                if walk.stopped { return }
            } else if Self.graphQLExtensions.contains(where: { name.hasSuffix($0) }), fileSystem.isFile(path) {
                walk.paths.append(relative)
            }
        }
    }
}
