import Diagnostics

/// Reads configuration and GraphQL files, reporting failures at the configuration value that named them.
struct SourceReader {
    let fileSystem: ProjectFileSystem
    static let graphQLExtensions = [".gql", ".graphql"]
    /// Deeper folders are almost certainly a symbolic-link loop.
    static let maximumDepth = 32

    /// The file at `path` as a `SourceFile`, or nil after an error.
    func readFile(_ path: String, namedBy declaration: ConfigPath?, diagnostics: inout DiagnosticCollector) -> SourceFile? {
        do {
            return SourceFile(path: path, bytes: try fileSystem.readFile(path))
        } catch {
            diagnostics.append(Diagnostic(.error, "cannot read \(path): \(error.localizedDescription)", span: declaration?.span))
            return nil
        }
    }

    /// Every `*.gql` and `*.graphql` file under `folder`, recursively, sorted by byte-wise path.
    /// Hidden entries (names starting with `.`) are skipped.
    func graphQLFiles(in folder: String, namedBy declaration: ConfigPath, role: String,
                      diagnostics: inout DiagnosticCollector) -> [SourceFile] {
        guard fileSystem.isDirectory(folder) else {
            diagnostics.append(Diagnostic(.error, "\(role) folder \"\(declaration.path)\" does not exist (looked at \(folder))",
                                          span: declaration.span))
            return []
        }
        var relativePaths: [String] = []
        let errorsBefore = diagnostics.errorCount
        collect(folder, prefix: "", depth: 0, into: &relativePaths, declaration: declaration, diagnostics: &diagnostics)
        relativePaths.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        // An empty result after a listing error is explained already.
        if relativePaths.isEmpty, diagnostics.errorCount == errorsBefore {
            diagnostics.append(Diagnostic(.warning, "\(role) folder \"\(declaration.path)\" has no .gql or .graphql files",
                                          span: declaration.span))
        }
        return relativePaths.compactMap { readFile(ProjectPath.join(folder, $0), namedBy: declaration, diagnostics: &diagnostics) }
    }

    private func collect(_ folder: String, prefix: String, depth: Int, into paths: inout [String],
                         declaration: ConfigPath, diagnostics: inout DiagnosticCollector) {
        guard depth < Self.maximumDepth else {
            diagnostics.append(Diagnostic(.error, "folders under \"\(declaration.path)\" nest deeper than \(Self.maximumDepth) levels (a symbolic link loop?)",
                                          span: declaration.span))
            return
        }
        let names: [String]
        do {
            names = try fileSystem.listDirectory(folder)
        } catch {
            diagnostics.append(Diagnostic(.error, "cannot list \(folder): \(error.localizedDescription)", span: declaration.span))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let path = ProjectPath.join(folder, name)
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            if fileSystem.isDirectory(path) {
                collect(path, prefix: relative, depth: depth + 1, into: &paths, declaration: declaration, diagnostics: &diagnostics)
            } else if Self.graphQLExtensions.contains(where: { name.hasSuffix($0) }), fileSystem.isFile(path) {
                paths.append(relative)
            }
        }
    }
}
