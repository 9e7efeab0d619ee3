import Diagnostics
import GraphQL
import IR
import Output
import Parallel
import Project
import Schema
import SwiftEmitter
import Validation

/// sdkgen's one pipeline: load -> parse -> synthesize -> validate -> lower -> emit, each stage a function
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
        compilation.project = loaded.project
        if loaded.project != nil { compilation.completedStage = .load }
        return generate(options, from: compilation)
    }

    /// Runs the stages after load up to `options.lastStage`, from `loaded`, what `generate` gave
    /// with `lastStage: .load`: a caller checks its options against the project's configuration
    /// before the costly stages. Every stage appends to the one collector of the run.
    public static func generate(_ options: Options, from loaded: Compilation) -> Compilation {
        var compilation = loaded
        guard let project = compilation.project, compilation.completedStage == .load else { return compilation }
        var diagnostics = compilation.diagnostics
        analyze(project, upTo: options.lastStage, into: &compilation, diagnostics: &diagnostics)
        // A project with errors gets no output: a package built from part of it would be wrong.
        if options.lastStage >= .emit, !diagnostics.hasErrors, let ir = compilation.ir {
            let packages = compilation.timings.measure(.emit) {
                if let sources = options.sources { return emitSources(project: project, ir: ir, into: sources, diagnostics: &diagnostics) }
                return emit(project: project, ir: ir, connectors: options.connectors, diagnostics: &diagnostics)
            }
            if !diagnostics.hasErrors {
                compilation.packages = packages
                compilation.completedStage = .emit
            }
        }
        compilation.diagnostics = diagnostics
        return compilation
    }

    /// parse -> synthesize -> validate -> lower; the syntax trees live only in here, freed before emission.
    private static func analyze(_ project: Project, upTo lastStage: Stage, into compilation: inout Compilation,
                                diagnostics: inout DiagnosticCollector) {
        guard lastStage >= .parse else { return }
        let parsed = compilation.timings.measure(.parse) { parse(project, diagnostics: &diagnostics) }
        compilation.completedStage = .parse
        guard lastStage >= .synthesize, project.schemaIsComplete, parsed.schemaDocuments.count == project.schemaFiles.count else { return }

        let schema = compilation.timings.measure(.synthesize) { synthesize(parsed.schemaDocuments, diagnostics: &diagnostics) }
        compilation.schema = schema
        guard let schema else { return }
        compilation.completedStage = .synthesize
        guard lastStage >= .validate else { return }

        let validated = compilation.timings.measure(.validate) { validate(parsed.connectors, schema: schema, diagnostics: &diagnostics) }
        compilation.completedStage = .validate
        guard lastStage >= .lower else { return }

        compilation.ir = compilation.timings.measure(.lower) { lower(validated, schema: schema, config: project.config) }
        compilation.completedStage = .lower
    }

    /// load: options -> the project (its configuration and GraphQL sources).
    static func load(_ options: Options) -> LoadResult {
        ProjectLoader.load(projectDirectory: options.projectDirectory, currentDirectory: options.currentDirectory,
                           fileSystem: options.fileSystem)
    }

    /// parse: the project -> the documents of its schema files and connectors that parsed; syntax errors become diagnostics.
    static func parse(_ project: Project, diagnostics: inout DiagnosticCollector) -> (schemaDocuments: [Document], connectors: [ParsedConnector]) {
        // Files are independent: parsed spread over the processors.
        var parsed = ChunkedWork.map(project.schemaFiles + project.connectors.flatMap(\.files)) { file in
            Result { try Parser.parseDocument(file) }
        }[...]
        func documents(_ count: Int) -> [Document] {
            defer { parsed = parsed.dropFirst(count) }
            return parsed.prefix(count).compactMap { result in
                switch result {
                case .success(let document): return document
                case .failure(let error):
                    diagnostics.append(contentsOf: DiagnosticError.diagnostics(of: error))
                    return nil
                }
            }
        }
        let schemaDocuments = documents(project.schemaFiles.count)
        let connectors = project.connectors.map { ParsedConnector(connector: $0, documents: documents($0.files.count)) }
        return (schemaDocuments, connectors)
    }

    /// synthesize: the schema's documents -> the schema Data Connect builds; nil when the user schema has errors.
    static func synthesize(_ documents: [Document], diagnostics: inout DiagnosticCollector) -> Schema? {
        SchemaBuilder.build(userSchema: documents, diagnostics: &diagnostics)
    }

    /// validate: the parsed connectors and the schema -> each connector that parsed completely, with its findings.
    static func validate(_ connectors: [ParsedConnector], schema: Schema, diagnostics: inout DiagnosticCollector) -> [IRBuilder.ConnectorSource] {
        connectors.filter(\.isComplete).map {
            let found = Validator.validate($0.documents, schema: schema)
            diagnostics.append(contentsOf: found)
            return IRBuilder.ConnectorSource(id: $0.connector.config.connectorId, idSpan: $0.connector.config.connectorIdSpan,
                                             documents: $0.documents, diagnostics: found)
        }
    }

    /// lower: the validated connectors, the schema and dataconnect.yaml -> the IR; cannot fail.
    static func lower(_ connectors: [IRBuilder.ConnectorSource], schema: Schema, config: DataConnectConfig) -> IR {
        IRBuilder.lower(connectors, schema: schema, serviceId: config.serviceId, location: config.location)
    }

    /// emit, `--sources-only`: the project and the IR -> one connector's sources as one file in `target.directory`;
    /// its first `swiftSdk` entry, if any, chooses the runtime, publisher and cache settings, not the folder or package.
    static func emitSources(project: Project, ir: IR, into target: SourcesTarget,
                            diagnostics: inout DiagnosticCollector) -> [RenderedPackage] {
        guard let connector = project.connectors.first(where: { $0.config.connectorId == target.connector }),
              let connectorIR = ir.connectors.first(where: { $0.id == target.connector }) else { return [] }
        warnOfMissingLocation(project, emitting: [connector], into: &diagnostics)
        diagnostics.append(contentsOf: RealtimeCacheCheck.diagnostics(connector, ir: connectorIR))
        var sdk = connector.config.swiftSDKs.first
            ?? SwiftSDKConfig(outputDir: "", package: target.module, span: SourceSpan(file: connector.configFile, range: nil))
        sdk.package = target.module
        guard let file = SwiftEmitter.emitSources(sdk, connector: connectorIR, in: ir, diagnostics: &diagnostics) else { return [] }
        let directory = RelativePath.normalized(target.directory)
        return [RenderedPackage(directory: directory, files: [file.path: GeneratedText(render: file.render)], connector: target.connector)]
    }

    /// emit: the project and the IR -> the package of every `swiftSdk` entry of the selected connectors (nil: all).
    static func emit(project: Project, ir: IR, connectors selected: Set<String>?,
                     diagnostics: inout DiagnosticCollector) -> [RenderedPackage] {
        var packages: [RenderedPackage] = []
        let lowered = Dictionary(ir.connectors.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        warnOfMissingLocation(project, emitting: project.connectors.filter { !$0.config.swiftSDKs.isEmpty }, into: &diagnostics)
        for connector in project.connectors {
            let id = connector.config.connectorId
            guard selected?.contains(id) ?? true, let connectorIR = lowered[id] else { continue }
            diagnostics.append(contentsOf: RealtimeCacheCheck.diagnostics(connector, ir: connectorIR))
            for sdk in connector.config.swiftSDKs {
                // Resolved, so that overlap checks and messages see one spelling of each folder.
                let directory = RelativePath.normalized(connector.packageDirectory(for: sdk))
                var emitted = DiagnosticCollector()
                let files = SwiftEmitter.emit(connector.resolvingRuntimePath(of: sdk), connector: connectorIR, in: ir, diagnostics: &emitted)
                // The emitter knows nothing of connector.yaml; point its findings at the entry.
                diagnostics.append(contentsOf: emitted.diagnostics.map { diagnostic in
                    var located = diagnostic
                    if located.span == nil { located.span = sdk.span }
                    return located
                })
                guard !files.isEmpty else { continue }
                packages.append(RenderedPackage(
                    directory: directory,
                    files: Dictionary(files.map { ($0.path, GeneratedText(render: $0.render)) }, uniquingKeysWith: { _, last in last }),
                    origin: sdk.span,
                    fileOrigins: Dictionary(files.compactMap { file in file.origin.map { (file.path, $0) } }, uniquingKeysWith: { first, _ in first }),
                    connector: id, predecessor: FirebasePredecessor.package(connectorId: id)))
            }
        }
        return packages
    }

    /// The one warning that the Swift SDK uses the default location, when connectors are emitted and dataconnect.yaml names none.
    private static func warnOfMissingLocation(_ project: Project, emitting connectors: [Connector], into diagnostics: inout DiagnosticCollector) {
        guard project.config.location == nil, !connectors.isEmpty else { return }
        diagnostics.append(.warning(.emitNoLocation, "dataconnect.yaml has no \"location\"; the Swift SDK uses \(SwiftEmitter.defaultLocation)",
                                    in: project.configFile, at: nil))
    }
}
