import Diagnostics
import Project

/// `<Conn>Client.swift`: the connector class and its `DataConnect` accessor (docs/generated-code.md).
enum ClientDeclarations {
    /// The file's declarations; nil when the connector's names or settings would make it invalid.
    static func declarations(_ context: EmitterContext, operations: [SwiftOperation], diagnostics: inout DiagnosticCollector) -> [Declaration]? {
        let connector = context.connector, errors = diagnostics.errorCount
        if !SwiftIdentifier.isValid(context.connectorClass) || !SwiftIdentifier.isValid(context.connectorAccessor) {
            diagnostics.append(Diagnostic(.error, .emitConnectorName, "connector id '\(connector.connectorId)' does not form a Swift type name (got '\(context.connectorClass)')",
                                          span: connector.connectorIdSpan))
        }
        if connector.serviceId.isEmpty || connector.location.isEmpty {
            diagnostics.append(Diagnostic(.error, .emitMissingService, "dataconnect.yaml needs a serviceId and a location for the Swift SDK"))
        }
        if let maxAge = context.sdk.clientCache?.maxAge, !(maxAge.isFinite && maxAge >= 0) {
            diagnostics.append(Diagnostic(.error, .emitInvalidMaxAge, "clientCache maxAge must be a duration of zero or more seconds"))
        }
        guard diagnostics.errorCount == errors else { return nil }
        return [accessor(context, cacheArguments: context.sdk.clientCache.map(cacheArguments)), self.connector(context, operations: operations)]
    }

    private static func accessor(_ context: EmitterContext, cacheArguments: String?) -> Declaration {
        let connectorClass = context.connectorClass
        var body: [Code] = []
        var settingsArgument = ""
        if let cacheArguments {
            body += [.line("let cacheSettings = CacheSettings(\(cacheArguments))"), .line("let settings = DataConnectSettings(cacheSettings: cacheSettings)")]
            settingsArgument = "settings: settings, "
        }
        body += [
            .nested("let dataConnect = DataConnect.dataConnect(", [
                .line("connectorConfig: \(connectorClass).connectorConfig, \(settingsArgument)callerSDKType: .generated)"),
            ], ""),
            .line("return \(connectorClass)(dataConnect: dataConnect)"),
        ]
        let property = Property(modifiers: .static, keyword: "let", name: context.connectorAccessor, type: connectorClass,
                                value: .initializer(.nested("{", body, "}()")))
        return .type("extension", "DataConnect", [], [
            Declaration(doc: "The `\(context.connector.connectorId)` connector, created on first use.", .property(property)),
        ])
    }

    /// Only the configured members are written, so `clientCache: {}` keeps the runtime defaults.
    private static func cacheArguments(_ cache: ClientCacheConfig) -> String {
        [cache.storage.map { "storage: .\($0.rawValue)" }, cache.maxAge.map { "maxAge: \(SwiftLiteral.seconds($0))" }]
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// Each operation is a computed property returning a new operation object, which holds only
    /// the connector's `DataConnect`. Apps read it as they read Firebase's stored `let`s, and the
    /// compiler checks each property on its own: stored properties, all assigned in one
    /// initializer, made its definite-initialization check grow with the square of the operations.
    private static func connector(_ context: EmitterContext, operations: [SwiftOperation]) -> Declaration {
        let connector = context.connector
        let config = [connector.serviceId, connector.location, connector.connectorId].map(SwiftLiteral.string)
        var members: [Declaration] = [
            .init(.property(Property(modifiers: .publicStatic, keyword: "let", name: "connectorConfig", value: .initializer(.nested(
                "ConnectorConfig(", [.line("serviceId: \(config[0]), location: \(config[1]), connector: \(config[2]))")], ""))))),
            .init(.property(Property(modifiers: .init(), keyword: "let", name: "dataConnect", type: "DataConnect"))),
            .init(.function(Function(modifiers: .init(), head: "init", parameters: ["dataConnect: DataConnect"],
                                     body: .block([.line("self.dataConnect = dataConnect")])))),
        ]
        if !operations.isEmpty {
            members += [.init(.comment("MARK: Operations")), .init(.group(operations.map { operation in
                .init(.property(Property(name: operation.propertyName, type: operation.className,
                                         value: .getter(.inline("\(operation.className)(dataConnect: dataConnect)")))))
            }))]
        }
        // One parameter line, as the runtime's own `useEmulator` is written.
        members.append(.init(doc: "Sends every operation of this connector to the emulator. Call it before the first operation.", .function(Function(
            head: "func useEmulator", parameters: ["host: String = DataConnect.EmulatorDefaults.host, port: Int = DataConnect.EmulatorDefaults.port"],
            body: .block([.line("dataConnect.useEmulator(host: host, port: port)")])))))
        // Only a `let` of the runtime instance, so sharing across threads is safe.
        return .type("class", context.connectorClass, ["@unchecked Sendable"], members, doc: """
            The operations of connector `\(connector.connectorId)` (service `\(connector.serviceId)`, location `\(connector.location)`).
            Obtain it from `DataConnect.\(context.connectorAccessor)`.
            """)
    }
}
