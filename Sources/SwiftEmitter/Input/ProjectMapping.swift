import Diagnostics
import Project

extension Connector {
    /// The `sdkgenRuntime` path of `sdk` as its `Package.swift` needs it: relative to the package
    /// folder (the key gives it relative to the connector folder, or absolute). Nil unless the
    /// entry uses a local checkout of the runtime.
    public func runtimePath(for sdk: SwiftSDKConfig) -> String? {
        guard case .portablePath(let path) = sdk.runtime else { return nil }
        let absolute = RelativePath.components(directory + "/" + path)
        let package = RelativePath.components(packageDirectory(for: sdk))
        let target = path.hasPrefix("/") ? path : "/" + absolute.joined(separator: "/")
        return RelativePath.path(target, relativeTo: "/" + package.joined(separator: "/"))
    }
}

extension ConnectorIdentity {
    /// Data Connect's default region. Firebase's templates write it, and some projects leave
    /// `location` out of `dataconnect.yaml`.
    public static let defaultLocation = "us-central1"

    /// The service and connector of `connector` in `project`; without a `location`, the default region.
    public init(connector: Connector, project: Project) {
        self.init(connectorId: connector.config.connectorId, serviceId: project.config.serviceId,
                  location: project.config.location ?? Self.defaultLocation)
    }
}
