import Diagnostics
import GraphQL
import IR
import Output
import Project
import Schema

/// A connector with its GraphQL files parsed.
public struct ParsedConnector: Sendable {
    public var connector: Connector
    /// One document per file that parsed, in the order of `connector.files`.
    public var documents: [Document]

    /// Whether every file parsed; a connector with syntax errors is not validated, since its
    /// missing definitions would only cause follow-on errors.
    public var isComplete: Bool { documents.count == connector.files.count }
}

/// What `Generator.generate` produced, as far as it got: each stage fills its part.
public struct Compilation: Sendable {
    /// The loaded project; nil when it could not be found or its `dataconnect.yaml` is unusable.
    public internal(set) var project: Project?
    /// Where discovery found the project (see `LoadResult.location`).
    public internal(set) var location: ProjectLocation?
    /// The synthesized schema; nil when the user schema has errors or synthesis did not run.
    public internal(set) var schema: Schema?
    /// The typed operations of every connector that parsed completely; nil until lowering ran.
    public internal(set) var ir: IR?
    /// Every rendered Swift package, in connector and `swiftSdk` order; empty until emission ran.
    public internal(set) var packages: [RenderedPackage] = []
    public internal(set) var diagnostics = DiagnosticCollector()
    public var timings = StageTimings()
    /// The last stage that ran to completion.
    public internal(set) var completedStage: Stage?

    /// The connectors whose recorded packages no run may delete now, because their `connector.yaml`
    /// loaded with a warning (see `ConnectorConfig.retiresPackages`); for `OutputPlan.keptConnectors`.
    public var connectorsKeepingPackages: Set<String> {
        Set(project?.connectors.filter { !$0.config.retiresPackages }.map(\.config.connectorId) ?? [])
    }

    /// Whether any stage reported an error.
    public var hasErrors: Bool { diagnostics.hasErrors }
}
