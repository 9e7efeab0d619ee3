import Diagnostics
import YAML

/// Loads a Data Connect project from disk: finds it, reads `dataconnect.yaml` and every
/// `connector.yaml`, and reads the GraphQL sources of the schema and connectors (without parsing them).
///
/// Every problem becomes a diagnostic; loading goes on as far as it can so that one run reports all
/// of them.
public enum ProjectLoader {
    /// Finds and loads the project: the `--project` folder (relative to the absolute `currentDirectory`),
    /// or with nil the one in `currentDirectory` or its parents (see `ProjectDiscovery`).
    public static func load(projectDirectory: String?, currentDirectory: String,
                            fileSystem: ProjectFileSystem = LocalFileSystem()) -> LoadResult {
        var diagnostics = DiagnosticCollector()
        let search = ProjectDiscovery.find(projectDirectory: projectDirectory, currentDirectory: currentDirectory, fileSystem: fileSystem,
                                           diagnostics: &diagnostics)
        if case .notFound(let explanation) = search {
            diagnostics.append(Diagnostic(.error, .projectNotFound, "no Data Connect project found; " + explanation))
        }
        guard case .found(let location) = search else { return LoadResult(project: nil, diagnostics: diagnostics.diagnostics) }
        let result = load(directory: location.directory, fileSystem: fileSystem)
        return LoadResult(project: result.project, diagnostics: diagnostics.diagnostics + result.diagnostics, location: location)
    }

    /// Loads the project whose `dataconnect.yaml` is in `directory`.
    public static func load(directory: String, fileSystem: ProjectFileSystem = LocalFileSystem()) -> LoadResult {
        var diagnostics = DiagnosticCollector()
        let reader = SourceReader(fileSystem: fileSystem)
        let configPath = RelativePath.join(directory, ProjectDiscovery.configName)
        guard let configFile = reader.readFile(configPath, namedBy: nil, diagnostics: &diagnostics),
              let config = DataConnectConfigReader.read(configFile, diagnostics: &diagnostics) else {
            return LoadResult(project: nil, diagnostics: diagnostics.diagnostics)
        }
        var schemaFiles: [SourceFile] = []
        let errorsBeforeSchema = diagnostics.errorCount
        for source in config.schemas {
            guard isInsideProject(source, role: "schema source", diagnostics: &diagnostics) else { continue }
            let folder = RelativePath.join(directory, source.path)
            schemaFiles += reader.graphQLFiles(in: folder, namedBy: source, role: "schema", diagnostics: &diagnostics)
        }
        let schemaIsComplete = diagnostics.errorCount == errorsBeforeSchema
        var connectors: [Connector] = []
        var ids: [String: SourceSpan] = [:]
        var folders: [String: SourceSpan] = [:]
        for declaration in config.connectorDirs {
            let folder = RelativePath.normalized(RelativePath.join(directory, declaration.path))
            if let first = folders[folder] {
                diagnostics.append(Diagnostic(.error, .projectConnectorDirTwice, "connector folder \"\(declaration.path)\" is listed twice in connectorDirs", span: declaration.span,
                                              notes: [Diagnostic.Note("it is first listed here", span: first)]))
                continue
            }
            folders[folder] = declaration.span
            guard isInsideProject(declaration, role: "connector folder", diagnostics: &diagnostics),
                  let connector = loadConnector(declaration, projectDirectory: directory, reader: reader, diagnostics: &diagnostics) else { continue }
            let id = connector.config.connectorId
            if let first = ids[id] {
                diagnostics.append(Diagnostic(.error, .projectDuplicateConnectorID, "duplicate connectorId \"\(id)\"", span: connector.config.connectorIdSpan,
                                              notes: [Diagnostic.Note("\"\(id)\" is first used here", span: first)]))
            } else {
                ids[id] = connector.config.connectorIdSpan
            }
            connectors.append(connector)
        }
        let project = Project(directory: directory, configFile: configFile, config: config, schemaFiles: schemaFiles, connectors: connectors,
                              schemaIsComplete: schemaIsComplete)
        return LoadResult(project: project, diagnostics: diagnostics.diagnostics)
    }

    /// Whether `declaration` names a folder inside the project: one leading out (`/`, `../..`) could reach the whole disk.
    private static func isInsideProject(_ declaration: ConfigPath, role: String, diagnostics: inout DiagnosticCollector) -> Bool {
        guard !declaration.staysInside else { return true }
        diagnostics.append(Diagnostic(.error, .projectPathOutside, "\(role) \"\(declaration.path)\" is outside the project folder; write a path relative to dataconnect.yaml that stays inside it",
                                      span: declaration.span))
        return false
    }

    private static func loadConnector(_ declaration: ConfigPath, projectDirectory: String, reader: SourceReader,
                                      diagnostics: inout DiagnosticCollector) -> Connector? {
        let directory = RelativePath.join(projectDirectory, declaration.path)
        guard reader.fileSystem.isDirectory(directory) else {
            diagnostics.append(Diagnostic(.error, .projectConnectorDirMissing, "connector folder \"\(declaration.path)\" does not exist (looked at \(directory))",
                                          span: declaration.span))
            return nil
        }
        let configPath = RelativePath.join(directory, "connector.yaml")
        guard reader.fileSystem.isFile(configPath) else {
            diagnostics.append(Diagnostic(.error, .projectNoConnectorYAML, "connector folder \"\(declaration.path)\" has no connector.yaml", span: declaration.span))
            return nil
        }
        guard let configFile = reader.readFile(configPath, namedBy: declaration, diagnostics: &diagnostics),
              let config = ConnectorConfigReader.read(configFile, diagnostics: &diagnostics) else { return nil }
        let files = reader.graphQLFiles(in: directory, namedBy: declaration, role: "connector", diagnostics: &diagnostics)
        return Connector(directory: directory, declaration: declaration, configFile: configFile, config: config, files: files)
    }
}
