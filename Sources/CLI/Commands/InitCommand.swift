import Diagnostics
import Foundation
import Output
import Project
import Setup

/// `sdkgen init`: adds a `swiftSdk` entry to a connector of the project, or creates a minimal project with one.
struct InitCommand: Command {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Add a swiftSdk entry to a connector, or create a new Data Connect project.",
        discussion: """
            In a Data Connect project, adds a generate.swiftSdk entry to the chosen connector's
            connector.yaml by inserting lines: comments, order and every other line stay as they are.
            Without a project, creates one (dataconnect.yaml, a schema with one table, a connector with
            a query, a mutation and the swiftSdk entry) in --project, or in ./dataconnect.
            Never overwrites a file; refuses a second entry for the same package.
            """,
        options: [
            .value("project", valueName: "dir", completion: .directory, help: "The project folder, or where to create one (default: the project generate would use, else ./dataconnect)."),
            .value("connector", valueName: "id", completion: .connectorIDs, help: "The connector to add the entry to (default: the only one; 'example' for a new project)."),
            .value("package", valueName: "name", help: "Swift package and module name (default: the connector id in UpperCamelCase + SDK)."),
            .value("output-dir", valueName: "dir", help: "outputDir, relative to the connector folder (default: dataconnect-generated/swift beside the project)."),
            .value("observable-publisher", valueName: "kind", completion: .values(ObservablePublisher.allCases.map(\.rawValue)), help: "observableMacro (default, iOS 17+) or observableObject."),
            .value("runtime", valueName: "runtime", completion: .values(["firebase", "portable"]), help: "firebase (default: Firebase's FirebaseDataConnect) or portable (sdkgen's SDKGenDataConnect)."),
            .value("runtime-path", valueName: "dir", completion: .directory, help: "With --runtime portable: a checkout of sdkgen, relative to the current folder."),
            .value("runtime-url", valueName: "url", help: "With --runtime portable: the git URL of sdkgen (with --runtime-version)."),
            .value("runtime-version", valueName: "version", help: "With --runtime-url: the lowest version to use (from:)."),
            .value("service", valueName: "id", help: "New project only: the serviceId (default: the folder's name)."),
            .value("location", valueName: "region", help: "New project only: the service's region (default: us-central1)."),
        ]
    )

    var projectDirectory: String?
    var connector: String?
    var package: String?
    var outputDir: String?
    var publisher: ObservablePublisher
    /// `--runtime-path` as given, relative to the current folder.
    var runtime: RuntimeChoice
    var service: String?
    var location: String?

    init(arguments: ParsedArguments) throws {
        projectDirectory = arguments.value("project")
        connector = arguments.value("connector")
        package = arguments.value("package")
        outputDir = arguments.value("output-dir")
        service = arguments.value("service")
        location = arguments.value("location")
        if let package, !ConfigNames.isPackageName(package) {
            throw Self.usage("The value of '--package' must be a Swift module name (letters, digits and _, not starting with a digit), found '\(package)'.")
        }
        if outputDir?.isEmpty == true { throw Self.usage("The value of '--output-dir' must not be empty.") }
        if let outputDir, !ConfigNames.isOutputDir(outputDir) {
            throw Self.usage("The value of '--output-dir' must not contain control characters (such as a line break).")
        }
        for (option, value) in [("connector", connector), ("service", service), ("location", location)] {
            if let value, value.isEmpty || !ConfigNames.isResourceID(value) {
                throw Self.usage("The value of '--\(option)' must consist of ASCII letters, digits, - and _, found '\(value)'.")
            }
        }
        let publisherName = arguments.value("observable-publisher") ?? ObservablePublisher.observableMacro.rawValue
        guard let publisher = ObservablePublisher(rawValue: publisherName) else {
            throw Self.usage("The value of '--observable-publisher' must be observableMacro or observableObject, found '\(publisherName)'.")
        }
        self.publisher = publisher
        runtime = try Self.runtime(arguments)
    }

    private static func runtime(_ arguments: ParsedArguments) throws -> RuntimeChoice {
        let (path, url, version) = (arguments.value("runtime-path"), arguments.value("runtime-url"), arguments.value("runtime-version"))
        switch arguments.value("runtime") ?? "firebase" {
        case "firebase":
            if path != nil || url != nil || version != nil {
                throw usage("'--runtime-path', '--runtime-url' and '--runtime-version' need '--runtime portable'.")
            }
            return .firebase
        case "portable":
            switch (path, url, version) {
            case (let path?, nil, nil) where !path.isEmpty:
                return .portablePath(path)
            case (nil, let url?, let version?) where !url.isEmpty && !version.isEmpty:
                return .portableURL(url, from: version)
            case (nil, _?, nil):
                throw usage("'--runtime-url' needs '--runtime-version'.")
            case (_?, _?, _), (_?, _, _?):
                throw usage("Pass either '--runtime-path' or '--runtime-url' with '--runtime-version', not both.")
            default:
                throw usage("'--runtime portable' needs '--runtime-path <dir>' (a checkout of sdkgen) or '--runtime-url <url>' with '--runtime-version <version>'.")
            }
        case let other:
            throw usage("The value of '--runtime' must be firebase or portable, found '\(other)'.")
        }
    }

    func run(in context: CommandContext) throws -> ExitStatus {
        var diagnostics = DiagnosticCollector()
        if let projectDirectory, !FileManager.default.fileExists(atPath: context.absolutePath(projectDirectory)) {
            return try createProject(in: RelativePath.normalized(context.absolutePath(projectDirectory)), context: context)
        }
        switch ProjectDiscovery.find(projectDirectory: projectDirectory, currentDirectory: context.currentDirectory,
                                     diagnostics: &diagnostics) {
        case .found(let found):
            if service != nil || location != nil {
                throw Self.usage("'--service' and '--location' only apply when sdkgen init creates a project; "
                    + "\(context.displayPath(found.directory)) already has one.")
            }
            context.announce(found)
            return try addEntry(toProjectIn: found.directory, in: context)
        case .notFound:
            return try createProject(in: RelativePath.normalized(context.absolutePath(projectDirectory ?? "dataconnect")), context: context)
        case .failed:
            throw DiagnosticError(diagnostics.diagnostics)
        }
    }

    private func addEntry(toProjectIn directory: String, in context: CommandContext) throws -> ExitStatus {
        let loaded = ProjectLoader.load(directory: directory)
        guard let project = loaded.project, !loaded.hasErrors else {
            context.report(loaded.diagnostics)
            context.console.writeError("The project has errors; fix them before running sdkgen init.\n")
            return .failure
        }
        guard let connector = try chooseConnector(project) else {
            let message = "the project has no connectors; add a connector folder to connectorDirs first"
            throw DiagnosticError(loaded.diagnostics + [.error(.initNoConnectors, message, in: project.configFile, at: nil)])
        }
        let entry = makeEntry(connectorId: connector.config.connectorId, projectDirectory: project.directory,
                              connectorDirectory: connector.directory, context: context)
        let edit: ConnectorEdit
        do {
            edit = try ConnectorEdit.adding(entry, to: connector, in: project)
        } catch {
            throw DiagnosticError(loaded.diagnostics + DiagnosticError.diagnostics(of: error))
        }
        let name = edit.path.split(separator: "/").last.map(String.init) ?? edit.path
        guard write([name: String(decoding: edit.edited, as: UTF8.self)], in: String(edit.path.dropLast(name.utf8.count + 1)),
                    edits: [name: edit.original], diagnostics: loaded.diagnostics, context: context) else { return .failure }
        let packageFolder = RelativePath.normalized(connector.packageDirectory(outputDir: entry.outputDir, package: entry.package))
        context.console.writeOutput("""
            added a swiftSdk entry for \(entry.package) to \(context.displayPath(edit.path)); it generates \(context.displayPath(packageFolder))
            next: sdkgen generate\(nextProjectOption(project.directory, in: context))

            """)
        noteFirebaseRuntimeOnLinux(entry, connectorYAML: edit.path, in: context)
        return .success
    }

    /// The connector to edit; nil when the project has none.
    private func chooseConnector(_ project: Project) throws -> Connector? {
        let ids = project.connectors.map(\.config.connectorId)
        if let connector {
            if let found = project.connectors.first(where: { $0.config.connectorId == connector }) { return found }
            throw Self.usage("Unknown connector '\(connector)' for '--connector'." + Generation.unknownConnectorHelp(connector, known: ids))
        }
        guard project.connectors.count <= 1 else {
            let choices = ids.sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw Self.usage("The project has \(ids.count) connectors; pass '--connector' with one of \(choices).")
        }
        return project.connectors.first
    }

    private func createProject(in directory: String, context: CommandContext) throws -> ExitStatus {
        let folderName = RelativePath.components(directory == context.absolutePath("dataconnect") ? context.currentDirectory : directory).last ?? "app"
        let connectorId = connector ?? "example"
        let connectorDirectory = directory + "/" + ProjectScaffold.connectorFolder(connectorId)
        let entry = makeEntry(connectorId: connectorId, projectDirectory: directory, connectorDirectory: connectorDirectory,
                              context: context)
        let files = try ProjectScaffold.files(serviceId: service ?? EntryDefaults.serviceId(folderName: folderName),
                                              location: location ?? "us-central1", connectorId: connectorId, entry: entry)
        guard write(Dictionary(files, uniquingKeysWith: { $1 }), in: directory, context: context) else { return .failure }
        for file in files { context.console.writeOutput("created \(context.displayPath(directory + "/" + file.path))\n") }
        // Discovery found a firebase.json without a Data Connect service; the Firebase CLI needs it named there.
        let firebaseJSON = context.currentDirectory + "/firebase.json"
        if projectDirectory == nil, FileManager.default.fileExists(atPath: firebaseJSON) {
            context.console.writeError("note: for the Firebase CLI, add \"dataconnect\": {\"source\": \"dataconnect\"} to \(context.displayPath(firebaseJSON))\n")
        }
        context.console.writeOutput("next: sdkgen generate\(nextProjectOption(directory, in: context))\n")
        noteFirebaseRuntimeOnLinux(entry, connectorYAML: connectorDirectory + "/connector.yaml", in: context)
        return .success
    }

    /// Firebase's runtime builds only for Apple platforms: on Linux the user learns now, not from `swift build`, and the
    /// entry keeps that runtime, so that the project stays the same for teammates on macOS.
    private func noteFirebaseRuntimeOnLinux(_ entry: SwiftSDKEntry, connectorYAML: String, in context: CommandContext) {
        #if os(Linux)
        guard entry.runtime == .firebase else { return }
        context.console.writeError("""
            note: the package depends on Firebase's FirebaseDataConnect, which builds only for Apple platforms, not on Linux; \
            to build it here, add 'sdkgenRuntime: {path: <a checkout of sdkgen>}' to the swiftSdk entry in \(context.displayPath(connectorYAML)) \
            (see "Linux and the portable runtime" in docs/getting-started.md)

            """)
        #endif
    }

    private func makeEntry(connectorId: String, projectDirectory: String, connectorDirectory: String, context: CommandContext) -> SwiftSDKEntry {
        var runtime = runtime
        if case .portablePath(let path) = runtime {
            runtime = .portablePath(RelativePath.path(RelativePath.normalized(context.absolutePath(path)), relativeTo: connectorDirectory))
        }
        return SwiftSDKEntry(outputDir: outputDir ?? EntryDefaults.outputDir(projectDirectory: projectDirectory, connectorDirectory: connectorDirectory),
                             package: package ?? EntryDefaults.package(connectorId: connectorId),
                             observablePublisher: publisher, runtime: runtime)
    }

    /// ` --project <dir>` when a plain `sdkgen generate` in the current folder would not find the project.
    private func nextProjectOption(_ directory: String, in context: CommandContext) -> String {
        var ignored = DiagnosticCollector()
        if case .found(let found) = ProjectDiscovery.find(projectDirectory: nil, currentDirectory: context.currentDirectory,
                                                          diagnostics: &ignored),
           found.directory == directory {
            return ""
        }
        return " --project " + context.displayPath(directory)
    }

    /// Writes the user's files (relative to `directory`) through the one writer: new ones only where nothing is, edits only
    /// onto the bytes they were computed from, nothing if one is refused; false after reporting why, after `diagnostics`.
    private func write(_ files: [String: String], in directory: String, edits: [String: [UInt8]] = [:],
                       diagnostics: [Diagnostic] = [], context: CommandContext) -> Bool {
        let folder = RenderedPackage(directory: directory, files: files.mapValues(GeneratedText.init), ownership: .user(edits: edits))
        let result = OutputWriter.write(OutputPlan(packages: [folder]), currentDirectory: context.currentDirectory)
        context.report(diagnostics + result.diagnostics)
        return !result.hasErrors
    }
}
