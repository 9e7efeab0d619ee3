import Diagnostics
import GraphQL
import IR
import Output
import Project
import Schema
import SwiftEmitter

/// sdkgen's one pipeline: load -> parse -> synthesize -> validate -> emit, each stage a function
/// from a named input to a named output below. It reads the project's input files and nothing else
/// and writes nothing: the packages go to `OutputWriter`, which renders each file when it compares
/// or writes it. A watch session runs it again after every change.
///
/// A stage runs only when its input is usable: the schema is not synthesized from files with syntax
/// errors, or when a schema folder or file could not be read, because the errors that would follow
/// are consequences, not news.
public enum Generator {
    /// Where to find the project and how far to go.
    public struct Options: Sendable {
        /// `--project`, or nil to discover the project from `currentDirectory`.
        public var projectDirectory: String?
        public var currentDirectory: String
        public var lastStage: Stage
        /// The connectors to emit (`--connector`); nil for all.
        public var connectors: Set<String>?
        /// Where the project's files are read from: the disk, or memory for the fuzzers.
        public var fileSystem: any ProjectFileSystem

        /// With `--sources-only`: emit only this connector's sources, as one file, instead of packages.
        public var sources: SourcesTarget?

        public init(projectDirectory: String?, currentDirectory: String, lastStage: Stage, connectors: Set<String>? = nil,
                    sources: SourcesTarget? = nil, fileSystem: any ProjectFileSystem = LocalFileSystem()) {
            self.projectDirectory = projectDirectory
            self.currentDirectory = currentDirectory
            self.lastStage = lastStage
            self.connectors = sources.map { [$0.connector] } ?? connectors
            self.sources = sources
            self.fileSystem = fileSystem
        }
    }

    /// Where `generate --sources-only` puts one connector's Swift sources: a folder that a target
    /// compiles as part of its module, so there is no `Package.swift`.
    public struct SourcesTarget: Sendable {
        /// The connector id.
        public var connector: String
        /// The output folder, absolute.
        public var directory: String
        /// The module of the target that compiles the sources.
        public var module: String

        public init(connector: String, directory: String, module: String) {
            self.connector = connector
            self.directory = directory
            self.module = module
        }

        /// Whether `name` can be the module: a Swift identifier that is no keyword.
        public static func isValidModule(_ name: String) -> Bool {
            SwiftEmitter.isValidModuleName(name)
        }
    }

    /// Runs the stages up to `options.lastStage`; the result holds what each stage produced, every
    /// diagnostic and the time each stage took.
    public static func generate(_ options: Options) -> Compilation {
        var compilation = Compilation()
        let loaded = compilation.timings.measure(.load) { load(options) }
        compilation.diagnostics.append(contentsOf: loaded.diagnostics)
        compilation.location = loaded.location
        guard loaded.project != nil else { return compilation }
        compilation.project = loaded.project
        compilation.completedStage = .load
        return generate(options, from: compilation)
    }

    /// Runs the stages after load up to `options.lastStage`, from `loaded`, what `generate` gave
    /// with `lastStage: .load`: a caller checks its options against the project's configuration
    /// before the costly stages.
    public static func generate(_ options: Options, from loaded: Compilation) -> Compilation {
        var compilation = loaded
        guard let project = compilation.project, compilation.completedStage == .load else { return compilation }
        analyze(project, upTo: options.lastStage, into: &compilation)
        // A project with errors gets no output: a package built from part of it would be wrong.
        guard options.lastStage >= .emit, !compilation.hasErrors, let schema = compilation.schema, let ir = compilation.ir else {
            return compilation
        }

        let emitted = compilation.timings.measure(.emit) {
            if let sources = options.sources { return emitSources(project: project, schema: schema, ir: ir, into: sources) }
            return emit(project: project, schema: schema, ir: ir, connectors: options.connectors)
        }
        compilation.diagnostics.append(contentsOf: emitted.diagnostics)
        guard !compilation.hasErrors else { return compilation }
        compilation.packages = emitted.packages
        compilation.completedStage = .emit
        return compilation
    }

    /// parse -> synthesize -> validate. The syntax trees live only in here, so their memory is free
    /// again before emission.
    private static func analyze(_ project: Project, upTo lastStage: Stage, into compilation: inout Compilation) {
        guard lastStage >= .parse else { return }
        let parsed = compilation.timings.measure(.parse) { parse(project) }
        compilation.diagnostics.append(contentsOf: parsed.diagnostics)
        compilation.completedStage = .parse
        guard lastStage >= .synthesize, project.schemaIsComplete, parsed.schemaDocuments.count == project.schemaFiles.count else { return }

        let synthesized = compilation.timings.measure(.synthesize) { synthesize(parsed.schemaDocuments) }
        compilation.diagnostics.append(contentsOf: synthesized.diagnostics)
        compilation.schema = synthesized.schema
        guard let schema = synthesized.schema else { return }
        compilation.completedStage = .synthesize
        guard lastStage >= .validate else { return }

        // The IR's type catalog is for runs that end here (`validate --json`).
        let validated = compilation.timings.measure(.validate) {
            validate(parsed.connectors, schema: schema, includingTypes: lastStage < .emit)
        }
        compilation.diagnostics.append(contentsOf: validated.diagnostics)
        compilation.ir = validated.ir
        compilation.completedStage = .validate
    }

    /// load: options -> the project (its configuration and GraphQL sources).
    static func load(_ options: Options) -> LoadResult {
        ProjectLoader.load(projectDirectory: options.projectDirectory, currentDirectory: options.currentDirectory, fileSystem: options.fileSystem)
    }

    /// parse: the project -> the documents of its schema files and connectors that parsed.
    static func parse(_ project: Project) -> (schemaDocuments: [Document], connectors: [ParsedConnector], diagnostics: [Diagnostic]) {
        let files = project.schemaFiles + project.connectors.flatMap(\.files)
        let results = files.map { file -> Result<Document, DiagnosticError> in
            do {
                return .success(try Parser.parseDocument(file))
            } catch let error as DiagnosticError {
                return .failure(error)
            } catch {
                return .failure(DiagnosticError([Diagnostic(.error, "\(error)", span: SourceSpan(file: file, range: nil))]))
            }
        }
        var diagnostics: [Diagnostic] = []
        func documents(_ results: ArraySlice<Result<Document, DiagnosticError>>) -> [Document] {
            results.compactMap { result in
                switch result {
                case .success(let document): return document
                case .failure(let error):
                    diagnostics.append(contentsOf: error.diagnostics)
                    return nil
                }
            }
        }
        var rest = results[...]
        let schemaDocuments = documents(rest.prefix(project.schemaFiles.count))
        rest = rest.dropFirst(project.schemaFiles.count)
        let connectors = project.connectors.map { connector in
            defer { rest = rest.dropFirst(connector.files.count) }
            return ParsedConnector(connector: connector, documents: documents(rest.prefix(connector.files.count)))
        }
        return (schemaDocuments, connectors, diagnostics)
    }

    /// synthesize: the schema's documents -> the schema Data Connect builds from them; nil when the
    /// user schema has errors.
    static func synthesize(_ documents: [Document]) -> (schema: Schema?, diagnostics: [Diagnostic]) {
        SchemaBuilder.build(userSchema: documents)
    }

    /// validate: the parsed connectors and the schema -> the typed operations of every connector
    /// that parsed completely.
    static func validate(_ connectors: [ParsedConnector], schema: Schema, includingTypes: Bool) -> (ir: IR, diagnostics: [Diagnostic]) {
        let sources = connectors.filter(\.isComplete).map {
            IRBuilder.ConnectorSource(id: $0.connector.config.connectorId, documents: $0.documents)
        }
        return IRBuilder.build(connectors: sources, schema: schema, includingTypes: includingTypes)
    }

    /// emit, `--sources-only`: the project, its schema and IR -> one connector's sources as one
    /// file in `target.directory`. The connector's first `swiftSdk` entry, if any, chooses the
    /// runtime, publisher and cache settings; its `outputDir` and `package` play no part.
    static func emitSources(project: Project, schema: Schema, ir: IR, into target: SourcesTarget)
        -> (packages: [RenderedPackage], diagnostics: [Diagnostic]) {
        guard let connector = project.connectors.first(where: { $0.config.connectorId == target.connector }),
              let connectorIR = ir.connectors.first(where: { $0.id == target.connector }) else { return ([], []) }
        var diagnostics = DiagnosticCollector()
        if project.config.location == nil {
            diagnostics.append(.warning("dataconnect.yaml has no \"location\"; the Swift SDK uses \(ConnectorIdentity.defaultLocation)",
                                        in: project.configFile, at: nil))
        }
        diagnostics.append(contentsOf: RealtimeCacheCheck.diagnostics(connector, ir: connectorIR))
        var sdk = connector.config.swiftSDKs.first
            ?? SwiftSDKConfig(outputDir: "", package: target.module, span: SourceSpan(file: connector.configFile, range: nil))
        sdk.package = target.module
        let (file, emitted) = SwiftEmitter.emitSources(sdk, connector: ConnectorIdentity(connector: connector, project: project),
                                                       schema: schema, ir: connectorIR)
        diagnostics.append(contentsOf: emitted)
        guard let file else { return ([], diagnostics.diagnostics) }
        let directory = "/" + RelativePath.components(target.directory).joined(separator: "/")
        return ([RenderedPackage(directory: directory, files: [file.path: GeneratedText(render: file.render)], connector: target.connector)],
                diagnostics.diagnostics)
    }

    /// emit: the project, its schema and IR -> the package of every `swiftSdk` entry of the
    /// selected connectors (nil: all), checked and ready to render.
    static func emit(project: Project, schema: Schema, ir: IR, connectors selected: Set<String>?)
        -> (packages: [RenderedPackage], diagnostics: [Diagnostic]) {
        var diagnostics = DiagnosticCollector()
        var packages: [RenderedPackage] = []
        let lowered = Dictionary(ir.connectors.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if project.config.location == nil, project.connectors.contains(where: { !$0.config.swiftSDKs.isEmpty }) {
            diagnostics.append(.warning("dataconnect.yaml has no \"location\"; the Swift SDK uses \(ConnectorIdentity.defaultLocation)",
                                        in: project.configFile, at: nil))
        }
        for connector in project.connectors {
            let id = connector.config.connectorId
            guard selected?.contains(id) ?? true, let connectorIR = lowered[id] else { continue }
            let identity = ConnectorIdentity(connector: connector, project: project)
            diagnostics.append(contentsOf: RealtimeCacheCheck.diagnostics(connector, ir: connectorIR))
            for sdk in connector.config.swiftSDKs {
                // Resolved, so that overlap checks and messages see one spelling of each folder.
                let directory = "/" + RelativePath.components(connector.packageDirectory(for: sdk)).joined(separator: "/")
                let (files, emitted) = SwiftEmitter.emit(
                    connector.resolvingRuntimePath(of: sdk), connector: identity, schema: schema, ir: connectorIR)
                // The emitter knows nothing of connector.yaml; point its findings at the entry.
                diagnostics.append(contentsOf: emitted.map { diagnostic in
                    var located = diagnostic
                    if located.span == nil { located.span = sdk.span }
                    return located
                })
                guard !files.isEmpty else { continue }
                packages.append(RenderedPackage(
                    directory: directory,
                    files: Dictionary(files.map { ($0.pathInPackage, GeneratedText(render: $0.render)) }, uniquingKeysWith: { _, last in last }),
                    origin: sdk.span,
                    fileOrigins: Dictionary(files.compactMap { file in file.origin.map { (file.pathInPackage, $0) } }, uniquingKeysWith: { first, _ in first }),
                    connector: id, predecessor: FirebasePredecessor.package(connectorId: id)))
            }
        }
        return (packages, diagnostics.diagnostics)
    }
}
