import Diagnostics
import Project

extension SwiftSDKOptions {
    /// The options of one `generate.swiftSdk` entry of `connector`'s `connector.yaml`, with the
    /// runtime its `sdkgenRuntime` key chooses (a local path becomes relative to the package folder).
    public init(_ config: SwiftSDKConfig, of connector: Connector) {
        let runtime: RuntimeDependency
        switch config.runtime {
        case .firebase:
            runtime = .firebase
        case .portablePath(let path):
            let absolute = RelativePath.components(connector.directory + "/" + path)
            let package = RelativePath.components(connector.packageDirectory(for: config))
            let target = path.hasPrefix("/") ? path : "/" + absolute.joined(separator: "/")
            runtime = .sdkgen(.path(RelativePath.path(target, relativeTo: "/" + package.joined(separator: "/"))))
        case .portableURL(let url, let version):
            runtime = .sdkgen(.url(url, from: version))
        }
        self.init(config, runtime: runtime)
    }

    /// The options of one `generate.swiftSdk` entry of `connector.yaml` with the given runtime.
    public init(_ config: SwiftSDKConfig, runtime: RuntimeDependency) {
        let publisher: ObservablePublisher
        switch config.observablePublisher {
        case .observableMacro: publisher = .observableMacro
        case .observableObject: publisher = .observableObject
        }
        self.init(
            packageName: config.package, observablePublisher: publisher,
            clientCache: config.clientCache.map { cache in
                ClientCacheOptions(storage: cache.storage.map { $0 == .memory ? .memory : .persistent }, maxAge: cache.maxAge)
            },
            runtime: runtime)
    }
}

extension ConnectorIdentity {
    /// The service and connector of `connector` in `project`. A missing `location` stays empty
    /// and is reported by the emitter.
    public init(connector: Connector, project: Project) {
        self.init(connectorId: connector.config.connectorId, serviceId: project.config.serviceId,
                  location: project.config.location ?? "")
    }
}
