import Diagnostics
import Foundation
import GraphQL
import IR
import Schema
import Validation

/// `validate [--runs N] [--tables N] [--ops-per-table K] [DIR]`: validation and IR lowering speed.
///
/// Without DIR it builds a `SyntheticProject` in memory (N tables, K operations per table); with
/// DIR it reads a project laid out as `synth_project.py` writes one (`DIR/schema/*.gql`,
/// `DIR/connector/*.gql`; the script is in CI's `../shared/tools`, beside the checkout).
struct ValidateBenchmark {
    var runs = 10
    var tables = 200
    var operationsPerTable = 5
    var directory: String?

    init(arguments: [String]) throws {
        var rest = arguments[...]
        func number(_ option: String) throws -> Int {
            guard let value = rest.popFirst(), let count = Int(value), count > 0 else {
                throw UsageError(description: "\(option) needs a positive number")
            }
            return count
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs": runs = try number(argument)
            case "--tables": tables = try number(argument)
            case "--ops-per-table": operationsPerTable = try number(argument)
            default:
                guard directory == nil, !argument.hasPrefix("-") else {
                    throw UsageError(description: "usage: validate [--runs N] [--tables N] [--ops-per-table K] [DIR]")
                }
                directory = argument
            }
        }
    }

    func run() throws {
        let (schemaFiles, connectorFiles) = try sources()
        let schemaDocuments = try schemaFiles.map { try Parser.parseDocument($0) }
        var schemaDiagnostics = DiagnosticCollector()
        guard let schema = SchemaBuilder.build(userSchema: schemaDocuments, diagnostics: &schemaDiagnostics) else {
            let errors = schemaDiagnostics.diagnostics.filter { $0.severity == .error }
            throw UsageError(description: "the schema has \(errors.count) errors, e.g.\n" + errors.prefix(5).map(\.description).joined(separator: "\n"))
        }
        let synthesis = Stopwatch.bestTime(runs: runs) {
            var ignored = DiagnosticCollector()
            return SchemaBuilder.build(userSchema: schemaDocuments, diagnostics: &ignored)
        }
        let documents = try connectorFiles.map { try Parser.parseDocument($0) }
        let operations = documents.reduce(0) { $0 + $1.definitions.count }
        let diagnostics = Validator.validate(documents, schema: schema)
        let validation = Stopwatch.bestTime(runs: runs) { Validator.validate(documents, schema: schema) }
        // The two stages as the pipeline runs them, as one figure.
        let lowering = Stopwatch.bestTime(runs: runs) {
            IRBuilder.lower([.init(id: "bench", documents: documents, diagnostics: Validator.validate(documents, schema: schema))], schema: schema)
        }
        let errors = diagnostics.filter { $0.severity == .error }
        print("project: \(directory ?? "in memory"), \(schema.entityNames.count) tables, \(operations) operations, "
            + "\(connectorFiles.reduce(0) { $0 + $1.bytes.count }) bytes of operations")
        print("schema synthesis:        \(Self.milliseconds(synthesis)) ms")
        print("validation (all rules):  \(Self.milliseconds(validation)) ms  (\(errors.count) errors, \(diagnostics.count - errors.count) other diagnostics)")
        print("validation + IR:         \(Self.milliseconds(lowering)) ms")
        for error in errors.prefix(5) { print("  \(error)") }
        let memory = Stopwatch.peakMemory()
        var memoryLine = "peak memory: ru_maxrss \(memory.value) \(memory.unit)"
        if let own = Stopwatch.ownPeakMemoryKiB() { memoryLine += ", VmHWM \(own) KiB (this process only)" }
        print(memoryLine + "; best of \(runs) runs")
    }

    private func sources() throws -> ([SourceFile], [SourceFile]) {
        guard let directory else {
            let project = SyntheticProject(tables: tables, operationsPerTable: operationsPerTable)
            let files = project.files.filter { $0.path.hasSuffix(".gql") }.map { SourceFile(path: $0.path, text: $0.text) }
            return (files.filter { $0.path.hasPrefix("schema/") }, files.filter { $0.path.hasPrefix("connector/") })
        }
        return (try Self.files(in: directory + "/schema"), try Self.files(in: directory + "/connector"))
    }

    private static func files(in folder: String) throws -> [SourceFile] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".gql") }.sorted()
        return try names.map { name in
            let path = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: path) else { throw UsageError(description: "cannot read \(path)") }
            return SourceFile(path: path, bytes: Array(data))
        }
    }

    private static func milliseconds(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100_000).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
