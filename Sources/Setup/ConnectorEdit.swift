import Diagnostics
import Project

/// A `swiftSdk` entry added to one connector's `connector.yaml`, checked before anything is written:
/// the edited project must load with the same diagnostics as before and with exactly the new entry
/// added, so an insertion that YAML would read differently never reaches the disk.
public struct ConnectorEdit: Sendable {
    /// The `connector.yaml` being edited.
    public var path: String
    /// Its bytes as read; the write only replaces these.
    public var original: [UInt8]
    /// Its bytes with the entry added.
    public var edited: [UInt8]
    /// What was added, for showing and testing that nothing else changed.
    public var insertions: [TextInsertion]

    /// Computes and checks the edit; throws a `DiagnosticError` when the file's layout does not allow
    /// it or the result would not read back as intended.
    public static func adding(_ entry: SwiftSDKEntry, to connector: Connector, in project: Project,
                              fileSystem: ProjectFileSystem = LocalFileSystem()) throws -> ConnectorEdit {
        let file = connector.configFile
        let insertions = try ConnectorYAMLEditor.insertions(adding: entry, to: file)
        try rejectSharedFolder(entry, connector: connector, in: project)
        let edit = ConnectorEdit(path: file.path, original: file.bytes, edited: TextInsertion.apply(insertions, to: file.bytes),
                                 insertions: insertions)
        try edit.verify(entry, connector: connector, in: project, fileSystem: fileSystem)
        return edit
    }

    /// Another connector's entry that writes the same package folder would make `generate` fail later.
    private static func rejectSharedFolder(_ entry: SwiftSDKEntry, connector: Connector, in project: Project) throws {
        let folder = RelativePath.normalized(connector.packageDirectory(outputDir: entry.outputDir, package: entry.package))
        for other in project.connectors where other.directory != connector.directory {
            for sdk in other.config.swiftSDKs where RelativePath.normalized(other.packageDirectory(for: sdk)) == folder {
                let shown = RelativePath.path(folder, relativeTo: RelativePath.normalized(project.directory))
                throw DiagnosticError(Diagnostic(.error, .initPackageFolderTaken, "connector \"\(other.config.connectorId)\" already generates the package folder \(shown) (relative to dataconnect.yaml); pass --package or --output-dir with another value",
                                                 span: sdk.span))
            }
        }
    }

    private func verify(_ entry: SwiftSDKEntry, connector: Connector, in project: Project, fileSystem: ProjectFileSystem) throws {
        let before = ProjectLoader.load(directory: project.directory, fileSystem: fileSystem)
        let after = ProjectLoader.load(directory: project.directory, fileSystem: OverlayFileSystem(base: fileSystem, path: path, bytes: edited))
        let old = before.project?.connectors.first { $0.directory == connector.directory }?.config.swiftSDKs ?? []
        let new = after.project?.connectors.first { $0.directory == connector.directory }?.config.swiftSDKs ?? []
        let added = new.last.map { SwiftSDKEntry(outputDir: $0.outputDir, package: $0.package, observablePublisher: $0.observablePublisher,
                                                 runtime: $0.runtime) }
        guard new.count == old.count + 1, added == entry, after.diagnostics.count == before.diagnostics.count else {
            throw DiagnosticError(.error(.initUnsupportedLayout, "cannot add the swiftSdk entry without rewriting this file's layout; add these lines by hand:\n" + entry.snippet,
                                         in: connector.configFile, at: nil))
        }
    }
}

/// The real files, except one whose bytes are replaced: the project as it would be after an edit.
private struct OverlayFileSystem: ProjectFileSystem {
    var base: ProjectFileSystem
    var path: String
    var bytes: [UInt8]

    func isDirectory(_ path: String) -> Bool { base.isDirectory(path) }
    func isFile(_ path: String) -> Bool { path == self.path || base.isFile(path) }
    func readFile(_ path: String) throws -> [UInt8] { path == self.path ? bytes : try base.readFile(path) }
    func listDirectory(_ path: String) throws -> DirectoryListing { try base.listDirectory(path) }
    func identity(of path: String) -> FileIdentity? { base.identity(of: path) }
}
