import Project

/// Names and settings shared by every file of one generated package.
final class EmitterContext: Sendable {
    let connector: ConnectorIdentity
    let sdk: SwiftSDKConfig
    /// The package's named types and their Swift spelling.
    let types: SwiftTypes
    let filePrefix: String
    let connectorClass: String
    let connectorAccessor: String

    init(connector: ConnectorIdentity, sdk: SwiftSDKConfig, types: SwiftTypes) {
        self.connector = connector
        self.sdk = sdk
        self.types = types
        filePrefix = GeneratedNames.filePrefix(connectorId: connector.connectorId)
        connectorClass = GeneratedNames.connectorClass(connectorId: connector.connectorId)
        connectorAccessor = GeneratedNames.connectorAccessor(connectorId: connector.connectorId)
    }

    var runtime: RuntimeChoice { sdk.runtime }

    var usesFirebase: Bool { runtime == .firebase }

    /// Modules every source file imports. Firebase's `Timestamp` lives in `FirebaseCore`; the
    /// portable runtime has its own.
    var imports: [String] { ["Foundation"] + runtimeModules }

    /// The runtime's modules, which the README's example imports.
    var runtimeModules: [String] {
        usesFirebase ? ["FirebaseCore", "FirebaseDataConnect"] : ["SDKGenDataConnect"]
    }

    /// The generic class `ref(...)` of a query returns.
    var queryRefClass: String {
        switch sdk.observablePublisher {
        case .observableMacro: "QueryRefObservation"
        case .observableObject: "QueryRefObservableObject"
        }
    }
}
