import Diagnostics

/// A loaded Data Connect project: its `dataconnect.yaml`, schema sources and connectors.
public struct Project: Sendable {
    /// The folder holding `dataconnect.yaml`.
    public var directory: String
    /// `dataconnect.yaml` itself.
    public var configFile: SourceFile
    /// What `dataconnect.yaml` says.
    public var config: DataConnectConfig
    /// Every `*.gql` / `*.graphql` file of every schema source, sources in order, files sorted by path.
    public var schemaFiles: [SourceFile]
    /// The connectors in `connectorDirs` order.
    public var connectors: [Connector]
    /// False when a schema source could not be read whole (a missing folder, an unreadable file):
    /// a schema built from the rest would only cause errors that are consequences, not news.
    public var schemaIsComplete = true
}

/// A path written in a configuration file, with the place it was written.
public struct ConfigPath: Sendable, Equatable {
    /// The path as written, relative to the folder of the file that names it.
    public var path: String
    /// The YAML value that names the path (or its key, when a default was used).
    public var span: SourceSpan

    /// Whether the path stays inside the folder it is relative to: not absolute, and no `..` leads
    /// above its start.
    public var staysInside: Bool {
        guard !path.hasPrefix("/") else { return false }
        var depth = 0
        for part in path.split(separator: "/") where part != "." {
            depth += part == ".." ? -1 : 1
            if depth < 0 { return false }
        }
        return true
    }
}

/// The contents of `dataconnect.yaml`.
public struct DataConnectConfig: Sendable {
    /// The Data Connect service id; goes into the generated `ConnectorConfig`.
    public var serviceId: String
    /// The service's region; nil when absent (old projects omit it).
    public var location: String?
    /// The schema folders, from `schema:` (one entry) or `schemas:` (one per entry); `./schema` when
    /// an entry has no `source`.
    public var schemas: [ConfigPath]
    /// The connector folders, relative to the project folder, in file order.
    public var connectorDirs: [ConfigPath]
}

/// One connector folder: its `connector.yaml` and operation files.
public struct Connector: Sendable {
    /// The connector folder (project folder joined with the `connectorDirs` entry).
    public var directory: String
    /// The `connectorDirs` entry that named the folder.
    public var declaration: ConfigPath
    /// `connector.yaml` itself.
    public var configFile: SourceFile
    /// What `connector.yaml` says.
    public var config: ConnectorConfig
    /// Every `*.gql` / `*.graphql` file under the folder, sorted by path.
    public var files: [SourceFile]

    /// The generated package's folder: `<connector>/<outputDir>/<package>`.
    public func packageDirectory(for sdk: SwiftSDKConfig) -> String {
        packageDirectory(outputDir: sdk.outputDir, package: sdk.package)
    }

    /// The folder of a package named `package` in `outputDir` (relative to the connector folder, or absolute).
    public func packageDirectory(outputDir: String, package: String) -> String {
        RelativePath.join(RelativePath.join(directory, outputDir), package)
    }

    /// `sdk` as its package needs it: an `sdkgenRuntime` path (given relative to the connector
    /// folder, or absolute) made relative to the package folder, where `Package.swift` uses it.
    public func resolvingRuntimePath(of sdk: SwiftSDKConfig) -> SwiftSDKConfig {
        guard case .portablePath(let path) = sdk.runtime else { return sdk }
        var resolved = sdk
        resolved.runtime = .portablePath(RelativePath.path(RelativePath.join(directory, path), relativeTo: packageDirectory(for: sdk)))
        return resolved
    }
}

/// The contents of `connector.yaml` that sdkgen uses.
public struct ConnectorConfig: Sendable {
    /// The connector id as written (dashes kept); names the generated files.
    public var connectorId: String
    /// Where `connectorId` was written.
    public var connectorIdSpan: SourceSpan
    /// The `generate.swiftSdk` entries (a single map counts as one); empty when there is none.
    public var swiftSDKs: [SwiftSDKConfig]
    /// A `javascriptSdk`, `kotlinSdk` or `dartSdk` entry sets `clientCache`, so the connector is
    /// deployed with client caching (and the server pushes `@refresh` updates) whatever `swiftSdk` says.
    public var otherSDKSetsClientCache = false
    /// Whether a package that earlier runs generated for this connector, and that no `swiftSdk`
    /// entry asks for any more, may be deleted. False when `connector.yaml` loaded with a warning
    /// (an unknown key): the entry that seems gone may only be misspelt.
    public var retiresPackages = true
}

/// One `generate.swiftSdk` entry: one generated Swift package.
public struct SwiftSDKConfig: Sendable {
    /// Where the package folder goes, relative to the connector folder.
    public var outputDir: String
    /// The Swift package, product and target name.
    public var package: String
    /// `observableMacro` unless the entry says otherwise.
    public var observablePublisher: ObservablePublisher
    /// Present when `clientCache` is set (even to `{}`): the SDK then configures the cache.
    public var clientCache: ClientCacheConfig?
    /// `sdkgenRuntime`: which runtime library the package depends on (sdkgen's own key).
    public var runtime: RuntimeChoice
    /// The whole entry, for diagnostics about it.
    public var span: SourceSpan
    /// The `package` value, for diagnostics about the name.
    public var packageSpan: SourceSpan?

    public init(outputDir: String, package: String, observablePublisher: ObservablePublisher = .observableMacro,
                clientCache: ClientCacheConfig? = nil, runtime: RuntimeChoice = .firebase, span: SourceSpan, packageSpan: SourceSpan? = nil) {
        self.outputDir = outputDir
        self.package = package
        self.observablePublisher = observablePublisher
        self.clientCache = clientCache
        self.runtime = runtime
        self.span = span
        self.packageSpan = packageSpan
    }
}

/// `sdkgenRuntime` of a Swift SDK entry. Firebase's CLI ignores the key, so a project can be
/// generated by both tools.
public enum RuntimeChoice: Sendable, Equatable {
    /// `firebase` (the default): Firebase's `FirebaseDataConnect`, as Firebase's generator writes it.
    case firebase
    /// `{path: DIR}`: sdkgen's portable `SDKGenDataConnect` from a local checkout; a relative `DIR`
    /// is relative to the connector folder, like `outputDir`.
    case portablePath(String)
    /// `{url: URL, from: VERSION}`: sdkgen's portable runtime from a git repository.
    case portableURL(String, from: String)
}

/// How generated query references publish their results.
public enum ObservablePublisher: String, Sendable, CaseIterable {
    /// The `@Observable` macro (iOS 17+); Firebase's default.
    case observableMacro
    /// `ObservableObject` with `@Published`.
    case observableObject
}

/// `clientCache` of a Swift SDK entry. Absent values mean "the runtime's default".
public struct ClientCacheConfig: Sendable, Equatable {
    /// How long cached results stay fresh, in seconds.
    public var maxAge: Double?
    /// `memory` or `persistent`; nil for the runtime default.
    public var storage: CacheStorage?

    public init(maxAge: Double? = nil, storage: CacheStorage? = nil) {
        self.maxAge = maxAge
        self.storage = storage
    }
}

/// Where the client cache keeps results.
public enum CacheStorage: String, Sendable, CaseIterable {
    /// Only for the lifetime of the app process.
    case memory
    /// On disk, surviving restarts.
    case persistent
}

/// What `ProjectLoader` produced: the project when it could be assembled (maybe with errors: check
/// `hasErrors` before generating anything), and every diagnostic.
public struct LoadResult: Sendable {
    /// Nil when no usable `dataconnect.yaml` was found.
    public var project: Project?
    /// Errors and warnings in the order they were found.
    public var diagnostics: [Diagnostic]
    /// Where discovery found the project, even one that did not load; nil when there was none, or
    /// when the folder was given.
    public var location: ProjectLocation?

    /// True when any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
