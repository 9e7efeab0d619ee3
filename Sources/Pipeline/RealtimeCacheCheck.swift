import Diagnostics
import IR
import Project

/// Data Connect pushes `@refresh` updates only for connectors the Firebase CLI deployed with client caching, which
/// it does when some SDK entry of connector.yaml has `clientCache` (firebase-tools `inferClientCache`, docs/sources.md).
enum RealtimeCacheCheck {
    /// A warning at each `swiftSdk` entry of a connector whose queries use `@refresh` without any `clientCache`.
    static func diagnostics(_ connector: Connector, ir: IRConnector) -> [Diagnostic] {
        let config = connector.config
        guard !config.otherSDKSetsClientCache, !config.swiftSDKs.contains(where: { $0.clientCache != nil }),
              let query = ir.operations.first(where: { $0.kind == .query && !$0.refresh.isEmpty }) else { return [] }
        return config.swiftSDKs.map { sdk in
            Diagnostic(.warning, .emitRefreshWithoutCache, "query '\(query.name)' uses @refresh, but connector '\(config.connectorId)' has no clientCache: "
                       + "Data Connect deploys it without realtime, so the server will not push updates; add clientCache to this swiftSdk entry",
                       span: sdk.span)
        }
    }
}
