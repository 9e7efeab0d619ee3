import Diagnostics
import Project

/// What a watch session looks at: folders scanned recursively for `*.gql`, `*.graphql` and `*.yaml`
/// files, single files watched even while missing, and folders never looked into.
public struct WatchRoots: Sendable, Equatable {
    /// Scanned recursively; hidden folders (`.build`, `.git`, `.dataconnect`) and `node_modules` are skipped.
    public var directories: [String]
    /// Watched by path whatever their extension, so that creating one is noticed too.
    public var files: [String]
    /// Never scanned: sdkgen's own output, which may lie inside a connector folder.
    public var excluded: [String]

    public init(directories: [String], files: [String] = [], excluded: [String] = []) {
        self.directories = directories
        self.files = files
        self.excluded = excluded
    }

    /// The inputs of `project`: `dataconnect.yaml`, every schema folder, every connector folder and
    /// its `connector.yaml`, minus every generated package folder.
    public init(project: Project) {
        var directories = project.config.schemas.map { Self.join(project.directory, $0.source.path) }
        var files = [project.configFile.path]
        var excluded: [String] = []
        for connector in project.connectors {
            directories.append(connector.directory)
            files.append(connector.configFile.path)
            excluded += connector.config.swiftSDKs.map { connector.packageDirectory(for: $0) }
        }
        self.init(directories: directories.map(RelativePath.normalized), files: files.map(RelativePath.normalized),
                  excluded: excluded.map(RelativePath.normalized))
    }

    /// What to watch when the project cannot be loaded: its folder, so that fixing
    /// `dataconnect.yaml` (or creating it) starts a new generation.
    public static func fallback(projectDirectory: String) -> WatchRoots {
        WatchRoots(directories: [projectDirectory], files: [join(projectDirectory, "dataconnect.yaml")])
    }

    private static func join(_ base: String, _ path: String) -> String {
        path.hasPrefix("/") ? path : base + "/" + path
    }
}
