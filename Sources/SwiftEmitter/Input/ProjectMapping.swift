import Diagnostics
import Project

extension Connector {
    /// `sdk` as its package needs it: an `sdkgenRuntime` path (given relative to the connector
    /// folder, or absolute) made relative to the package folder, where `Package.swift` uses it.
    public func resolvingRuntimePath(of sdk: SwiftSDKConfig) -> SwiftSDKConfig {
        guard case .portablePath(let path) = sdk.runtime else { return sdk }
        let absolute = RelativePath.components(directory + "/" + path)
        let package = RelativePath.components(packageDirectory(for: sdk))
        let target = path.hasPrefix("/") ? path : "/" + absolute.joined(separator: "/")
        var resolved = sdk
        resolved.runtime = .portablePath(RelativePath.path(target, relativeTo: "/" + package.joined(separator: "/")))
        return resolved
    }
}

extension ConnectorIdentity {
    /// Data Connect's default region. Firebase's templates write it, and some projects leave
    /// `location` out of `dataconnect.yaml`.
    public static let defaultLocation = "us-central1"

    /// The service and connector of `connector` in `project`; without a `location`, the default region.
    public init(connector: Connector, project: Project) {
        self.init(connectorId: connector.config.connectorId, serviceId: project.config.serviceId,
                  location: project.config.location ?? Self.defaultLocation, connectorIdSpan: connector.config.connectorIdSpan)
    }
}
