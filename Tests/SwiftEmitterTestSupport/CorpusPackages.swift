import Diagnostics
import Foundation
import GraphQL
import IR
import Project
import Schema
import SwiftEmitter
import TestSupport

/// The Swift packages of the shared corpus: checked by `CorpusTests`, built by
/// `GeneratedPackageCompileTests`.
public enum CorpusPackages {
    /// Each corpus project's packages for connectors whose operations validate: (project, connector, files).
    public static func emitAll(runtime: RuntimeChoice = .firebase) throws -> (packages: [(String, String, [GeneratedSwiftFile])], refused: [(String, [Diagnostic])]) {
        let corpus = try SharedFolder.corpus()
        var packages: [(String, String, [GeneratedSwiftFile])] = []
        var refused: [(String, [Diagnostic])] = []
        var ignored = DiagnosticCollector()
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() {
            let result = ProjectLoader.load(directory: corpus.appendingPathComponent(name).path)
            guard let project = result.project, !result.hasErrors,
                  let documents = try? project.schemaFiles.map({ try Parser.parseDocument($0) }),
                  let schema = SchemaBuilder.build(userSchema: documents, diagnostics: &ignored) else { continue }
            for connector in project.connectors {
                guard let files = try? connector.files.map({ try Parser.parseDocument($0) }) else { continue }
                var (ir, diagnostics) = ValidatedIR.build(connector: connector.config.connectorId, documents: files, schema: schema)
                guard !diagnostics.contains(where: { $0.severity == .error }), let irConnector = ir.connectors.first else { continue }
                (ir.serviceId, ir.location) = (project.config.serviceId, project.config.location)
                // The connector's own swiftSdk options (publisher, cache), with a unique package name
                // so that every package can be built side by side.
                var sdk = connector.config.swiftSDKs.first
                    ?? SwiftSDKConfig(outputDir: ".", package: "", span: SourceSpan(file: SourceFile(path: "connector.yaml", text: ""), range: nil))
                sdk.package = "Corpus\(packages.count + refused.count)"
                sdk.runtime = runtime
                let (output, errors) = collecting { SwiftEmitter.emit(sdk, connector: irConnector, in: ir, diagnostics: &$0) }
                if output.isEmpty {
                    refused.append(("\(name)/\(connector.config.connectorId)", errors))
                } else {
                    packages.append((name, sdk.package, output))
                }
            }
        }
        return (packages, refused)
    }
}
