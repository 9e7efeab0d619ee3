import Diagnostics
import GraphQL
import IR
import Project
import Schema

/// One warm, in-process run of the stages `sdkgen` runs before emitting code, with the time of each.
///
/// The benchmark target does not depend on Pipeline, so this calls the stage libraries in the same
/// order and with the same inputs as `Pipeline.run`.
struct InProcessRun {
    static let stageNames = ["load", "parse", "synthesize", "validate+IR"]

    /// Seconds per stage, in `stageNames` order.
    private(set) var seconds: [Double] = []
    private(set) var errors: [Diagnostic] = []
    private(set) var operations = 0

    init(directory: String) {
        var start = Stopwatch.now()
        func lap() {
            let now = Stopwatch.now()
            seconds.append(now - start)
            start = now
        }
        let loaded = ProjectLoader.load(directory: directory)
        errors += loaded.diagnostics.filter { $0.severity == .error }
        lap()
        guard let project = loaded.project else { return }
        var parseErrors: [Diagnostic] = []
        func parse(_ files: [SourceFile]) -> [Document] {
            files.compactMap { file in
                do { return try Parser.parseDocument(file) } catch let error as DiagnosticError {
                    parseErrors += error.diagnostics
                } catch {
                    parseErrors.append(Diagnostic(.error, "\(error)", span: SourceSpan(file: file, range: nil)))
                }
                return nil
            }
        }
        let schemaDocuments = parse(project.schemaFiles)
        let connectors = project.connectors.map { IRBuilder.ConnectorSource(id: $0.config.connectorId, documents: parse($0.files)) }
        operations = connectors.reduce(0) { $0 + $1.documents.reduce(0) { $0 + $1.definitions.count } }
        errors += parseErrors
        lap()
        guard parseErrors.isEmpty else { return }
        let (built, schemaDiagnostics) = SchemaBuilder.build(userSchema: schemaDocuments)
        errors += schemaDiagnostics.filter { $0.severity == .error }
        lap()
        guard let schema = built else { return }
        let (ir, diagnostics) = IRBuilder.build(connectors: connectors, schema: schema)
        errors += diagnostics.filter { $0.severity == .error }
        lap()
        withExtendedLifetime(ir) {}
    }
}
