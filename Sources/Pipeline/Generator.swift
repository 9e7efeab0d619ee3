import Diagnostics
import GraphQL
import IR
import Output
import Parallel
import Project
import Schema
import SwiftEmitter

/// sdkgen's one pipeline: load -> parse -> synthesize -> validate -> emit, each stage a function
/// from a named input to a named output below. It reads the project's input files and nothing else
/// and writes nothing: the packages go to `OutputWriter`, which renders each file when it compares
/// or writes it. A watch session runs it again after every change.
///
/// A stage runs only when its input is usable: the schema is not synthesized from files with syntax
/// errors, because the errors that would follow are consequences, not news.
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

        public init(projectDirectory: String?, currentDirectory: String, lastStage: Stage, connectors: Set<String>? = nil,
                    fileSystem: any ProjectFileSystem = LocalFileSystem()) {
            self.projectDirectory = projectDirectory
            self.currentDirectory = currentDirectory
            self.lastStage = lastStage
            self.connectors = connectors
            self.fileSystem = fileSystem
        }
    }

    /// Runs the stages up to `options.lastStage`; the result holds what each stage produced, every
    /// diagnostic and the time each stage took.
    public static func generate(_ options: Options) -> Compilation {
        var compilation = Compilation()
        let loaded = compilation.timings.measure(.load) { load(options) }
        compilation.diagnostics.append(contentsOf: loaded.diagnostics)
        guard let project = loaded.project else { return compilation }
        compilation.project = project
        compilation.completedStage = .load
        analyze(project, upTo: options.lastStage, into: &compilation)
        // A project with errors gets no output: a package built from part of it would be wrong.
        guard options.lastStage >= .emit, !compilation.hasErrors, let schema = compilation.schema, let ir = compilation.ir else {
            return compilation
        }

        let emitted = compilation.timings.measure(.emit) {
            emit(project: project, schema: schema, ir: ir, connectors: options.connectors)
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
        guard lastStage >= .synthesize, parsed.schemaDocuments.count == project.schemaFiles.count else { return }

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
    static func load(_ options: Options) -> (project: Project?, diagnostics: [Diagnostic]) {
        let loaded = ProjectLoader.load(projectDirectory: options.projectDirectory, currentDirectory: options.currentDirectory,
                                        fileSystem: options.fileSystem)
        return (loaded.project, loaded.diagnostics)
    }

    /// parse: the project -> the documents of its schema files and connectors that parsed.
    /// Files are independent, so they are parsed spread over the processors.
    static func parse(_ project: Project) -> (schemaDocuments: [Document], connectors: [ParsedConnector], diagnostics: [Diagnostic]) {
        let files = project.schemaFiles + project.connectors.flatMap(\.files)
        let results = ChunkedWork.Slots<Result<Document, DiagnosticError>>(count: files.count)
        ChunkedWork.run(files.indices.map { index in
            {
                do {
                    results.store(.success(try Parser.parseDocument(files[index])), at: index)
                } catch let error as DiagnosticError {
                    results.store(.failure(error), at: index)
                } catch {
                    let span = SourceSpan(file: files[index], range: nil)
                    results.store(.failure(DiagnosticError([Diagnostic(.error, "\(error)", span: span)])), at: index)
                }
            }
        })
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
        var rest = results.values[...]
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
                    origin: sdk.span, connector: id))
            }
        }
        return (packages, diagnostics.diagnostics)
    }
}
