import Project

extension SwiftSDKOptions {
    /// The options of one `generate.swiftSdk` entry of `connector.yaml`. The runtime is not part
    /// of Firebase's configuration, so the caller chooses it.
    public init(_ config: SwiftSDKConfig, runtime: RuntimeDependency = .firebase) {
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
