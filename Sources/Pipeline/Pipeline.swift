import Diagnostics
import GraphQL
import IR
import Output
import Parallel
import Project
import Schema
import SwiftEmitter

/// Runs the stages of sdkgen in order, gathering every diagnostic on the way.
///
/// A stage runs only when its input is usable: the schema is not synthesized from files with syntax
/// errors, because the errors that would follow are consequences, not news.
public enum Pipeline {
    /// Where to find the project and how far to go.
    public struct Options: Sendable {
        /// `--project`, or nil to discover the project from `currentDirectory`.
        public var projectDirectory: String?
        public var currentDirectory: String
        public var lastStage: Stage
        /// The connectors to emit (`--connector`); nil for all.
        public var connectors: Set<String>?
        public var fileSystem: any ProjectFileSystem
        /// Work kept from earlier runs (a watch session's); nil to do everything afresh.
        public var cache: PipelineCache?
        /// For a run that ends by writing or checking the output: keep only what later stages
        /// need, which lowers the peak memory of a large project by about a third. The schema's
        /// syntax trees are dropped once the schema is built (`Compilation.schemaDocuments` is
        /// then empty), the connectors' once the operations are lowered
        /// (`Compilation.connectors` is then empty), and emission compares
        /// each file with the disk as it is rendered, keeping only the texts that differ
        /// (`RenderedPackage.alreadyOnDisk`). Ignored with a `cache`.
        public var savesMemory: Bool

        public init(projectDirectory: String?, currentDirectory: String, lastStage: Stage, connectors: Set<String>? = nil,
                    fileSystem: any ProjectFileSystem = LocalFileSystem(), cache: PipelineCache? = nil,
                    savesMemory: Bool = false) {
            self.projectDirectory = projectDirectory
            self.currentDirectory = currentDirectory
            self.lastStage = lastStage
            self.connectors = connectors
            self.fileSystem = fileSystem
            self.cache = cache
            self.savesMemory = savesMemory && cache == nil
        }
    }

    public static func run(_ options: Options) -> Compilation {
        var compilation = Compilation()
        let loaded = compilation.timings.measure(.load) {
            ProjectLoader.load(projectDirectory: options.projectDirectory, currentDirectory: options.currentDirectory,
                               fileSystem: options.fileSystem)
        }
        compilation.diagnostics.append(contentsOf: loaded.diagnostics)
        guard let project = loaded.project else { return compilation }
        compilation.project = project
        compilation.completedStage = .load
        guard options.lastStage >= .parse else { return compilation }

        var schemaParsed = true
        compilation.timings.measure(.parse) {
            var parsed = parse(project.schemaFiles + project.connectors.flatMap(\.files), cache: options.cache)[...]
            let schema = parsed.prefix(project.schemaFiles.count)
            parsed = parsed.dropFirst(project.schemaFiles.count)
            compilation.schemaDocuments = documents(schema, into: &compilation.diagnostics)
            schemaParsed = compilation.schemaDocuments.count == project.schemaFiles.count
            compilation.connectors = project.connectors.map { connector in
                let files = parsed.prefix(connector.files.count)
                parsed = parsed.dropFirst(connector.files.count)
                return ParsedConnector(connector: connector, documents: documents(files, into: &compilation.diagnostics))
            }
            options.cache?.keep(documents: compilation.schemaDocuments + compilation.connectors.flatMap(\.documents))
        }
        compilation.completedStage = .parse
        guard options.lastStage >= .synthesize, schemaParsed else { return compilation }

        let (schema, diagnostics) = compilation.timings.measure(.synthesize) {
            if let kept = options.cache?.schema(for: compilation.schemaDocuments) { return kept }
            let built = SchemaBuilder.build(userSchema: compilation.schemaDocuments)
            options.cache?.keep(schema: built.0, diagnostics: built.1, for: compilation.schemaDocuments)
            return built
        }
        compilation.diagnostics.append(contentsOf: diagnostics)
        compilation.schema = schema
        if options.savesMemory { compilation.schemaDocuments = [] }
        guard let schema else { return compilation }
        compilation.completedStage = .synthesize
        guard options.lastStage >= .validate else { return compilation }

        let sources = compilation.connectors.filter(\.isComplete).map {
            IRBuilder.ConnectorSource(id: $0.connector.config.connectorId, documents: $0.documents)
        }
        let (ir, validation) = compilation.timings.measure(.validate) {
            // The IR's type catalog is for runs that end here (`validate --json`).
            IRBuilder.build(connectors: sources, schema: schema, includingTypes: options.lastStage < .emit)
        }
        compilation.diagnostics.append(contentsOf: validation)
        compilation.ir = ir
        compilation.completedStage = .validate
        // A project with errors gets no output: a package built from part of it would be wrong.
        guard options.lastStage >= .emit, !compilation.hasErrors else { return compilation }
        if options.savesMemory { compilation.connectors = [] }

        let emitted = compilation.timings.measure(.emit) {
            PackageEmission.emit(project: project, schema: schema, ir: ir, connectors: options.connectors, cache: options.cache,
                                 comparesWithDisk: options.savesMemory)
        }
        compilation.diagnostics.append(contentsOf: emitted.diagnostics)
        guard !compilation.hasErrors else { return compilation }
        compilation.packages = emitted.packages
        compilation.completedStage = .emit
        return compilation
    }

    /// Each file parsed (files are independent, so they are spread over the processors), or its
    /// syntax errors. A file whose text `cache` has seen parse before is not parsed again.
    private static func parse(_ files: [SourceFile], cache: PipelineCache?) -> [Result<Document, DiagnosticError>] {
        let results = ChunkedWork.Slots<Result<Document, DiagnosticError>>(count: files.count)
        ChunkedWork.run(files.indices.map { index in
            {
                let file = files[index]
                if let document = cache?.document(for: file) {
                    results.store(.success(document), at: index)
                    return
                }
                do {
                    results.store(.success(try Parser.parseDocument(file)), at: index)
                } catch let error as DiagnosticError {
                    results.store(.failure(error), at: index)
                } catch {
                    results.store(.failure(DiagnosticError([Diagnostic(.error, "\(error)", span: SourceSpan(file: file, range: nil))])), at: index)
                }
            }
        })
        return results.values
    }

    /// The documents that parsed; the syntax errors of the others go to `diagnostics`.
    private static func documents(_ results: ArraySlice<Result<Document, DiagnosticError>>, into diagnostics: inout DiagnosticCollector) -> [Document] {
        results.compactMap { result in
            switch result {
            case .success(let document): return document
            case .failure(let error):
                diagnostics.append(contentsOf: error.diagnostics)
                return nil
            }
        }
    }
}
