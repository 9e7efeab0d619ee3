import Project

/// `<Conn>Client.swift`: the connector class and its `DataConnect` accessor (docs/generated-code.md).
enum ClientRenderer {
    static func render(_ context: EmitterContext, operations: [SwiftOperation]) -> String {
        var writer = SwiftWriter(capacity: 128 * operations.count + 2048)
        context.writePreamble(into: &writer)
        write(context, operations: operations, into: &writer)
        return writer.text
    }

    /// The file's declarations, without the preamble.
    static func write(_ context: EmitterContext, operations: [SwiftOperation], into writer: inout SwiftWriter) {
        writeAccessor(context, into: &writer)
        writer.blank()
        writeConnector(context, operations: operations, into: &writer)
    }

    private static func writeAccessor(_ context: EmitterContext, into writer: inout SwiftWriter) {
        let connectorClass = context.connectorClass
        writer.block("public extension DataConnect") { writer in
            writer.doc("The `\(context.connector.connectorId)` connector, created on first use.")
            writer.block("static let \(context.connectorAccessor): \(connectorClass) =", closing: "()") { writer in
                var settingsArgument = ""
                if let cache = context.sdk.clientCache {
                    writer.line("let cacheSettings = CacheSettings(\(cacheArguments(cache)))")
                    writer.line("let settings = DataConnectSettings(cacheSettings: cacheSettings)")
                    settingsArgument = "settings: settings, "
                }
                writer.line("let dataConnect = DataConnect.dataConnect(")
                writer.line("    connectorConfig: \(connectorClass).connectorConfig, \(settingsArgument)callerSDKType: .generated)")
                writer.line("return \(connectorClass)(dataConnect: dataConnect)")
            }
        }
    }

    /// Only the configured members are written, so `clientCache: {}` keeps the runtime defaults.
    private static func cacheArguments(_ cache: ClientCacheConfig) -> String {
        var arguments: [String] = []
        if let storage = cache.storage { arguments.append("storage: .\(storage.rawValue)") }
        if let maxAge = cache.maxAge { arguments.append("maxAge: \(SwiftLiteral.seconds(maxAge))") }
        return arguments.joined(separator: ", ")
    }

    /// Each operation is a computed property returning a new operation object, which holds only
    /// the connector's `DataConnect`. Apps read it as they read Firebase's stored `let`s, and the
    /// compiler checks each property on its own: stored properties, all assigned in one
    /// initializer, made its definite-initialization check grow with the square of the operations.
    private static func writeConnector(_ context: EmitterContext, operations: [SwiftOperation], into writer: inout SwiftWriter) {
        let connector = context.connector
        writer.doc("""
            The operations of connector `\(connector.connectorId)` (service `\(connector.serviceId)`, location `\(connector.location)`).
            Obtain it from `DataConnect.\(context.connectorAccessor)`.
            """)
        // Only a `let` of the runtime instance, so sharing across threads is safe.
        writer.block("public class \(context.connectorClass): @unchecked Sendable") { writer in
            let config = [connector.serviceId, connector.location, connector.connectorId].map(SwiftLiteral.string)
            writer.line("public static let connectorConfig = ConnectorConfig(")
            writer.line("    serviceId: \(config[0]), location: \(config[1]), connector: \(config[2]))")
            writer.blank()
            writer.line("let dataConnect: DataConnect")
            writer.blank()
            writer.block("init(dataConnect: DataConnect)") { writer in
                writer.line("self.dataConnect = dataConnect")
            }
            if !operations.isEmpty {
                writer.blank()
                writer.line("// MARK: Operations")
                writer.blank()
                for operation in operations {
                    writer.line("public var \(operation.propertyName): \(operation.className) { \(operation.className)(dataConnect: dataConnect) }")
                }
            }
            writer.blank()
            writer.doc("Sends every operation of this connector to the emulator. Call it before the first operation.")
            writer.line("public func useEmulator(")
            writer.line("    host: String = DataConnect.EmulatorDefaults.host, port: Int = DataConnect.EmulatorDefaults.port")
            writer.block(")") { writer in
                writer.line("dataConnect.useEmulator(host: host, port: port)")
            }
        }
    }
}
