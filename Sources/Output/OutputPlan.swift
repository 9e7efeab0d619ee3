import Diagnostics

/// The text of a generated file, rendered when the writer needs it: it compares, writes and drops
/// each file in turn, so a package is never held whole in memory.
public struct GeneratedText: Sendable {
    private let render: @Sendable () -> String

    /// Text that `render` produces, on any thread, each time it is asked for.
    public init(render: @escaping @Sendable () -> String) {
        self.render = render
    }

    /// Text rendered already.
    public init(_ text: String) {
        render = { text }
    }

    /// The file's complete text.
    public var text: String { render() }
}

/// Whose files a folder holds, which decides what the writer may do there.
public enum FolderOwnership: Sendable, Equatable {
    /// Generated output (a package, sources for a build, `sdkgen schema`'s folder): a manifest lists
    /// the files sdkgen wrote, files carrying the marker (or empty) are replaced, listed files no
    /// longer generated are deleted.
    case generated
    /// Generated output in a folder whose files are all derived, so a file without the marker at a
    /// generated path is replaced too (the emulator's `.dataconnect/schema`).
    case derived
    /// The user's own files (`sdkgen init`): no manifest, nothing deleted; a file is created only
    /// where nothing is, and one named in `edits` is replaced only while it holds exactly those bytes.
    case user(edits: [String: [UInt8]])
}

/// One folder of output (a package, or any folder the writer brings up to date): where it is and
/// how to render each of its files.
public struct RenderedPackage: Sendable {
    /// The package folder, absolute.
    public var directory: String
    /// Relative path (with `/` separators, no `.` or `..` parts) to the file's text.
    public var files: [String: GeneratedText]
    /// The `swiftSdk` entry that asked for the package, so errors point at it.
    public var origin: SourceSpan?
    /// What a file's path is made from (an operation's name, `connectorId`), by path, so that a
    /// problem with one path points there instead of at `origin`.
    public var fileOrigins: [String: SourceSpan]
    /// The connector the package belongs to; a run that regenerates only some connectors leaves
    /// the recorded packages of the others alone.
    public var connector: String
    /// The package another generator may have written in the folder; when the folder holds exactly
    /// that (and no manifest of sdkgen's), its files are replaced as if sdkgen owned them.
    public var predecessor: PredecessorPackage?
    public var ownership: FolderOwnership

    public init(directory: String, files: [String: GeneratedText], origin: SourceSpan? = nil, fileOrigins: [String: SourceSpan] = [:],
                connector: String = "", predecessor: PredecessorPackage? = nil, ownership: FolderOwnership = .generated) {
        self.directory = directory
        self.files = files
        self.origin = origin
        self.fileOrigins = fileOrigins
        self.connector = connector
        self.predecessor = predecessor
        self.ownership = ownership
    }
}

/// Everything one run writes (`sdkgen generate`, `schema`, `init`): its folders and the record.
public struct OutputPlan: Sendable {
    public var packages: [RenderedPackage]
    /// A file recording the package folders of the last run (e.g. `<project>/.dataconnect/sdkgen-packages`),
    /// so that a package whose folder moved or was dropped is cleaned up; nil to track nothing.
    public var recordFile: String?
    /// The connectors this plan covers completely; recorded packages of other connectors are kept.
    /// Nil means every connector.
    public var connectors: Set<String>?
    /// Connectors whose recorded packages are kept even when the plan no longer makes them: their
    /// configuration may be misspelt rather than changed.
    public var keptConnectors: Set<String>

    public init(packages: [RenderedPackage], recordFile: String? = nil, connectors: Set<String>? = nil, keptConnectors: Set<String> = []) {
        self.packages = packages
        self.recordFile = recordFile
        self.connectors = connectors
        self.keptConnectors = keptConnectors
    }
}
