import Foundation

/// Identifies one connector of a Data Connect service (values from `dataconnect.yaml` and `connector.yaml`).
public struct ConnectorConfig: Hashable, Equatable, Sendable {
    /// The Data Connect service id.
    public let serviceId: String
    /// The Cloud region of the service, e.g. `us-central1`.
    public let location: String
    /// The connector id, verbatim (dashes included).
    public let connector: String

    /// Creates a connector configuration.
    public init(serviceId: String, location: String, connector: String) {
        self.serviceId = serviceId
        self.location = location
        self.connector = connector
    }
}

/// Where the runtime sends requests and how it caches query results.
public struct DataConnectSettings: Hashable, Equatable, Sendable {
    /// The production endpoint host.
    public static let productionHost = "firebasedataconnect.googleapis.com"

    /// Host name or IP address of the service.
    public let host: String
    /// TCP port of the service.
    public let port: Int
    /// `true` for HTTPS, `false` for plain HTTP (the emulator).
    public let sslEnabled: Bool
    /// Client-side result cache; `nil` disables caching.
    public let cacheSettings: CacheSettings?

    /// Creates settings; the defaults address the production service over HTTPS without a cache.
    public init(
        host: String = DataConnectSettings.productionHost,
        port: Int = 443,
        sslEnabled: Bool = true,
        cacheSettings: CacheSettings? = nil
    ) {
        self.host = host
        self.port = port
        self.sslEnabled = sslEnabled
        self.cacheSettings = cacheSettings
    }

    // Equality and hashing ignore the cache, as in Firebase: settings identify the endpoint.
    private var endpoint: [AnyHashable] { [host, port, sslEnabled] }

    public static func == (lhs: DataConnectSettings, rhs: DataConnectSettings) -> Bool { lhs.endpoint == rhs.endpoint }

    public func hash(into hasher: inout Hasher) { hasher.combine(endpoint) }
}

/// Client-side cache of query results, normalized: every query that returned a row the service identifies shares it (docs/runtime.md).
public struct CacheSettings: Sendable {
    /// Where cached results live.
    public enum Storage: Sendable {
        /// On disk in the platform's caches folder, one file per app, connector and user; survives restarts.
        case persistent
        /// In memory, for the life of the `DataConnect` instance.
        case memory
    }

    /// The requested storage.
    public let storage: Storage
    /// How long (seconds) a cached result counts as fresh for `.preferCache`; a response may carry its own max age.
    public let maxAge: TimeInterval

    /// Creates cache settings.
    public init(storage: Storage = .persistent, maxAge: TimeInterval = 0) {
        self.storage = storage
        self.maxAge = maxAge
    }
}

/// Who is calling the runtime; generated SDKs pass `.generated`, which is reported in the `X-Goog-Api-Client` header.
public enum CallerSDKType: Sendable {
    /// Hand-written calls.
    case base
    /// Calls from a generated connector SDK.
    case generated
}
