import Foundation

/// The entry point: one instance per (app, connector), creating query and mutation refs.
///
/// ```swift
/// try DataConnectApp.configure(options: DataConnectAppOptions(projectID: "my-project"))
/// let dataConnect = DataConnect.dataConnect(connectorConfig: config)
/// ```
public final class DataConnect: Sendable {
    /// The address the Data Connect emulator listens on by default.
    public enum EmulatorDefaults {
        /// `127.0.0.1`.
        public static let host = "127.0.0.1"
        /// `9399`.
        public static let port = 9399
    }

    private struct InstanceKey: Hashable {
        let appName: String
        let connectorConfig: ConnectorConfig
    }

    private struct RefKey: Hashable {
        let operationName: String
        let variables: String
        let refType: ObjectIdentifier
    }

    private static let instances = Locked<[InstanceKey: DataConnect]>([:])

    let backend: DataConnectBackend
    private let refs = Locked<[RefKey: any AnyObject & Sendable]>([:])

    private init(backend: DataConnectBackend) {
        self.backend = backend
    }

    /// The instance for `app` and `connectorConfig`, made on first use; later `settings` and `callerSDKType` are ignored, as in Firebase.
    ///
    /// With `app == nil` (no default app yet) the instance looks the default app up at each request, failing with
    /// `DataConnectInitError.appNotConfigured` until `DataConnectApp.configure` is called.
    /// When `FIREBASE_DATA_CONNECT_EMULATOR_HOST` is set, requests go to that emulator.
    public static func dataConnect(
        app: DataConnectApp? = DataConnectApp.app(),
        connectorConfig: ConnectorConfig,
        settings: DataConnectSettings = DataConnectSettings(),
        callerSDKType: CallerSDKType = .base
    ) -> DataConnect {
        dataConnect(
            app: app, connectorConfig: connectorConfig, settings: settings, callerSDKType: callerSDKType,
            environment: RuntimeEnvironment())
    }

    /// As above, with the clock, sockets and caches folder a new instance runs on; tests and benchmarks pass their own.
    static func dataConnect(
        app: DataConnectApp?, connectorConfig: ConnectorConfig, settings: DataConnectSettings, callerSDKType: CallerSDKType,
        environment: RuntimeEnvironment
    ) -> DataConnect {
        let appName = app?.name ?? DataConnectApp.defaultName
        return instances.withLock { instances in
            let key = InstanceKey(appName: appName, connectorConfig: connectorConfig)
            if let existing = instances[key] { return existing }
            let emulator = EmulatorEnvironment.endpoint(from: ProcessInfo.processInfo.environment[EmulatorEnvironment.variableName])
            let effective = emulator.map {
                DataConnectSettings(host: $0.host, port: $0.port, sslEnabled: $0.sslEnabled, cacheSettings: settings.cacheSettings)
            } ?? settings
            let instance = DataConnect(backend: DataConnectBackend(
                appName: appName, connectorConfig: connectorConfig, callerSDKType: callerSDKType, settings: effective,
                environment: environment))
            instances[key] = instance
            return instance
        }
    }

    static func removeInstances(appName: String) {
        let removed = instances.withLock { instances in
            defer { instances = instances.filter { $0.key.appName != appName } }
            return instances.filter { $0.key.appName == appName }.values
        }
        for instance in removed { instance.backend.shutDown() }
    }

    /// The owners of the instances whose service is named by `serviceKey` (`DataConnectBackend.serviceKey`).
    static func backends(serviceKey: String) -> [DataConnectBackend] {
        instances.withLock { instances in
            instances.values.map(\.backend)
                .filter { DataConnectBackend.serviceKey(appName: $0.appName, connectorConfig: $0.connectorConfig) == serviceKey }
        }
    }

    /// The connector this instance talks to.
    public var connectorConfig: ConnectorConfig {
        backend.connectorConfig
    }

    /// The current endpoint and cache settings.
    public var settings: DataConnectSettings {
        backend.settings
    }

    /// Sends all later requests, including those of existing refs, to an emulator over plain HTTP; the cache settings stay.
    public func useEmulator(host: String = EmulatorDefaults.host, port: Int = EmulatorDefaults.port) {
        backend.replaceEndpoint(host: host, port: port, sslEnabled: false)
    }

    /// The shared query ref for (`name`, `variables`).
    ///
    /// `publisher` picks the class: `.observableMacro`/`.auto` give `QueryRefObservation` where the OS has Observation
    /// (else `QueryRefObservableObject`); `.observableObject` gives `QueryRefObservableObject` (an `ObservableObject` where
    /// Combine exists, the same class as `QueryRefObservation` where it does not).
    ///
    /// `refresh`, which sdkgen's generated code passes, re-runs the ref while it has subscribers: after matching mutations of
    /// this process, and by polling while no server stream pushes updates. Refs without it re-run after every mutation.
    /// The rules of the ref created first win.
    public func query<ResultData: Decodable & Sendable, Variable: OperationVariable>(
        name: String,
        variables: Variable,
        resultsDataType: ResultData.Type,
        publisher: ResultsPublisherType = .observableObject,
        refresh: RefreshRules? = nil
    ) -> any ObservableQueryRef {
        let encoded = DataConnect.encode(variables, operationName: name)
        let makeCore = { [backend] in
            QueryCore<ResultData, Variable>(
                operationName: name, variables: variables, encodedVariables: encoded, backend: backend, refreshRules: refresh)
        }
        #if canImport(Combine)
        guard publisher != .observableObject, #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
            return sharedRef(QueryRefObservableObject<ResultData, Variable>.self, name: name, encoded: encoded) {
                QueryRefObservableObject(core: makeCore())
            }
        }
        #endif
        return sharedRef(QueryRefObservation<ResultData, Variable>.self, name: name, encoded: encoded) {
            QueryRefObservation(core: makeCore())
        }
    }

    /// The shared mutation ref for (`name`, `variables`). `writes` (from sdkgen's generated code) lists the rows it writes
    /// by key: live queries reading those rows re-run after it.
    public func mutation<ResultData: Decodable & Sendable, Variable: OperationVariable>(
        name: String,
        variables: Variable,
        resultsDataType: ResultData.Type,
        writes: [EntityRow]? = nil
    ) -> MutationRef<ResultData, Variable> {
        let encoded = DataConnect.encode(variables, operationName: name)
        return sharedRef(MutationRef<ResultData, Variable>.self, name: name, encoded: encoded) {
            MutationRef(operationName: name, variables: variables, encodedVariables: encoded, backend: backend, writes: writes)
        }
    }

    // Keyed by the ref's class too, so another class or result type for the same operation never gets the wrong object.
    private func sharedRef<Ref: AnyObject & Sendable>(
        _ type: Ref.Type, name: String, encoded: Result<Data, DataConnectCodecError>, make: () -> Ref
    ) -> Ref {
        let variablesKey: String
        switch encoded {
        case .success(let data): variablesKey = String(decoding: data, as: UTF8.self)
        case .failure(let error): variablesKey = "unencodable: \(error.message ?? "")"
        }
        let key = RefKey(operationName: name, variables: variablesKey, refType: ObjectIdentifier(type))
        return refs.withLock { refs in
            if let existing = refs[key] as? Ref { return existing }
            let ref = make()
            refs[key] = ref
            return ref
        }
    }

    /// The variables as sent: JSON with sorted keys, so equal variables give equal bytes.
    static func encode<Variable: Encodable>(_ variables: Variable, operationName: String) -> Result<Data, DataConnectCodecError> {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return .success(try encoder.encode(variables))
        } catch {
            return .failure(DataConnectCodecError(
                code: .encodingFailed,
                message: "cannot encode the variables of \(operationName): \(DecodingFailure.describe(error, root: nil))",
                underlyingError: error))
        }
    }
}
