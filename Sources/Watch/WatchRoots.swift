import Diagnostics
import Project

/// What a watch session looks at: folders scanned recursively for `*.gql`, `*.graphql` and `*.yaml`
/// files, single files watched even while missing, and folders never looked into.
public struct WatchRoots: Sendable, Equatable {
    /// Scanned recursively; hidden folders (`.build`, `.git`, `.dataconnect`) and `node_modules` are skipped.
    public var directories: [String]
    /// Watched by path whatever their extension, so that creating one is noticed too.
    public var files: [String] = []
    /// Never scanned: sdkgen's own output, which may lie inside a connector folder.
    public var excluded: [String] = []
}

extension WatchRoots {
    /// The inputs of `project` as `dataconnect.yaml` declares them: the file itself, every schema
    /// folder, every connector folder and its `connector.yaml`, minus every generated package folder.
    ///
    /// Declared, not loaded: a connector whose folder is missing or whose `connector.yaml` does not
    /// load is watched all the same, so that fixing or restoring it is noticed. Paths leading out of
    /// the project (which loading rejects) are never watched.
    public init(project: Project) {
        var directories = project.config.schemas.filter(\.staysInside).map { RelativePath.join(project.directory, $0.path) }
        var files = [project.configFile.path]
        for declaration in project.config.connectorDirs where declaration.staysInside {
            let folder = RelativePath.join(project.directory, declaration.path)
            directories.append(folder)
            files.append(folder + "/connector.yaml")
        }
        let excluded = project.connectors.flatMap { connector in connector.config.swiftSDKs.map { connector.packageDirectory(for: $0) } }
        self.init(directories: directories.map(RelativePath.normalized), files: files.map(RelativePath.normalized),
                  excluded: excluded.map(RelativePath.normalized))
    }

    /// What to watch when the project cannot be loaded: its folder, so that fixing
    /// `dataconnect.yaml` or `firebase.json` (or creating one) starts a new generation.
    public static func fallback(projectDirectory: String) -> WatchRoots {
        let folder = RelativePath.normalized(projectDirectory)
        return WatchRoots(directories: [folder],
                          files: [RelativePath.join(folder, "dataconnect.yaml"), RelativePath.join(folder, firebaseJSON)])
    }

    /// The Firebase project file that can name the Data Connect folder.
    public static let firebaseJSON = "firebase.json"

    /// Whether a change of `path` can change the configuration, and with it what is watched: any
    /// YAML file, or `firebase.json`.
    public static func isConfiguration(_ path: String) -> Bool {
        path.hasSuffix(".yaml") || path == firebaseJSON || path.hasSuffix("/" + firebaseJSON)
    }
}
