import Diagnostics
import IR
import Output
import Project
import Schema
import SwiftEmitter

/// Renders the Swift package of every `swiftSdk` entry of the selected connectors.
enum PackageEmission {
    /// emit: the project, its schema and IR -> the rendered packages.
    static func emit(project: Project, schema: Schema, ir: IR, connectors selected: Set<String>?) -> (packages: [RenderedPackage], diagnostics: [Diagnostic]) {
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
            for sdk in connector.config.swiftSDKs {
                // Resolved, so that overlap checks and messages see one spelling of each folder.
                let directory = "/" + RelativePath.components(connector.packageDirectory(for: sdk)).joined(separator: "/")
                let (files, emitted) = SwiftEmitter.emit(
                    sdk, runtimePath: connector.runtimePath(for: sdk), connector: identity, schema: schema, ir: connectorIR)
                // The emitter knows nothing of connector.yaml; point its findings at the entry.
                diagnostics.append(contentsOf: emitted.map { diagnostic in
                    var located = diagnostic
                    if located.span == nil { located.span = sdk.span }
                    return located
                })
                guard !files.isEmpty else { continue }
                packages.append(RenderedPackage(
                    directory: directory,
                    files: Dictionary(files.map { ($0.pathInPackage, $0.contents) }, uniquingKeysWith: { _, last in last }),
                    origin: sdk.span, connector: id))
            }
        }
        return (packages, diagnostics.diagnostics)
    }
}
