/// Which service and connector the generated package talks to (from `dataconnect.yaml` and
/// `connector.yaml`).
public struct ConnectorIdentity: Hashable, Sendable {
    /// `connectorId` of `connector.yaml`, verbatim (dashes allowed).
    public var connectorId: String
    /// `serviceId` of `dataconnect.yaml`.
    public var serviceId: String
    /// `location` of `dataconnect.yaml`.
    public var location: String

    public init(connectorId: String, serviceId: String, location: String) {
        self.connectorId = connectorId
        self.serviceId = serviceId
        self.location = location
    }
}

/// One `generate.swiftSdk` entry of `connector.yaml`, already checked for types. `outputDir` is
/// not here: the emitter returns paths relative to it.
public struct SwiftSDKOptions: Hashable, Sendable {
    /// Swift package, product and target name; also the package folder name.
    public var packageName: String
    /// Which query-ref class queries return.
    public var observablePublisher: ObservablePublisher
    /// Present when `clientCache` is configured (even as `{}`): switches on cache settings in the
    /// client and `fetchPolicy` on query `execute`.
    public var clientCache: ClientCacheOptions?
    /// The runtime library the package depends on.
    public var runtime: RuntimeDependency

    public init(
        packageName: String, observablePublisher: ObservablePublisher = .observableMacro,
        clientCache: ClientCacheOptions? = nil, runtime: RuntimeDependency = .firebase
    ) {
        self.packageName = packageName
        self.observablePublisher = observablePublisher
        self.clientCache = clientCache
        self.runtime = runtime
    }
}

/// `observablePublisher`: which query-ref class `ref(...)` returns.
public enum ObservablePublisher: String, Hashable, Sendable {
    /// `QueryRefObservation` (the `@Observable` macro, iOS 17 / macOS 14); Firebase's default.
    case observableMacro
    /// `QueryRefObservableObject` (Combine `ObservableObject`).
    case observableObject
}

/// `clientCache` of a `swiftSdk` entry. Absent members fall back to the runtime's defaults
/// (`CacheSettings()` is persistent with `maxAge` 0).
public struct ClientCacheOptions: Hashable, Sendable {
    /// `CacheSettings.Storage` of the runtime.
    public enum Storage: String, Hashable, Sendable { case memory, persistent }

    /// `storage`; nil keeps the runtime default.
    public var storage: Storage?
    /// `maxAge` in seconds (`30s` → 30, `5m` → 300).
    public var maxAge: Double?

    public init(storage: Storage? = nil, maxAge: Double? = nil) {
        self.storage = storage
        self.maxAge = maxAge
    }
}

/// The runtime a generated package compiles against.
public enum RuntimeDependency: Hashable, Sendable {
    /// Firebase's `FirebaseDataConnect` from `github.com/firebase/data-connect-ios-sdk`, as
    /// Firebase's generator writes it.
    case firebase
    /// This repository's portable `SDKGenDataConnect` library.
    case sdkgen(Location)

    /// Where SwiftPM finds the sdkgen package.
    public enum Location: Hashable, Sendable {
        /// A local checkout; relative paths are relative to the generated package folder.
        case path(String)
        /// A git URL and the lowest version to accept (`from:`).
        case url(String, from: String)
    }
}
