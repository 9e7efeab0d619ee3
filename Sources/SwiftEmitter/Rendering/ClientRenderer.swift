/// `<Conn>Client.swift`: the connector class and its `DataConnect` accessor (spec §4).
enum ClientRenderer {
    static func render(_ context: EmitterContext, operations: [OperationSummary]) -> SwiftWriter {
        var writer = SwiftWriter()
        context.writePreamble(into: &writer)
        writeAccessor(context, into: &writer)
        writer.blank()
        writeConnector(context, operations: operations, into: &writer)
        return writer
    }

    private static func writeAccessor(_ context: EmitterContext, into writer: inout SwiftWriter) {
        let connectorClass = context.connectorClass
        writer.block("public extension DataConnect") { writer in
            writer.doc("The `\(context.connector.connectorId)` connector, created on first use.")
            writer.block("static let \(context.connectorAccessor): \(connectorClass) =", closing: "()") { writer in
                var settingsArgument = ""
                if let cache = context.options.clientCache {
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
    private static func cacheArguments(_ cache: ClientCacheOptions) -> String {
        var arguments: [String] = []
        if let storage = cache.storage { arguments.append("storage: .\(storage.rawValue)") }
        if let maxAge = cache.maxAge { arguments.append("maxAge: \(SwiftLiteral.seconds(maxAge))") }
        return arguments.joined(separator: ", ")
    }

    private static func writeConnector(_ context: EmitterContext, operations: [OperationSummary], into writer: inout SwiftWriter) {
        let connector = context.connector
        writer.doc("""
            The operations of connector `\(connector.connectorId)` (service `\(connector.serviceId)`, location `\(connector.location)`).
            Obtain it from `DataConnect.\(context.connectorAccessor)`.
            """)
        // Only `let`s of immutable operation objects, so sharing across threads is safe.
        writer.block("public class \(context.connectorClass): @unchecked Sendable") { writer in
            let config = [connector.serviceId, connector.location, connector.connectorId].map(SwiftLiteral.string)
            writer.line("public static let connectorConfig = ConnectorConfig(")
            writer.line("    serviceId: \(config[0]), location: \(config[1]), connector: \(config[2]))")
            writer.blank()
            writer.line("let dataConnect: DataConnect")
            if !operations.isEmpty {
                writer.blank()
                writer.line("// MARK: Operations")
                writer.blank()
                for operation in operations {
                    writer.line("public let \(operation.propertyName): \(operation.className)")
                }
            }
            writer.blank()
            writer.block("init(dataConnect: DataConnect)") { writer in
                writer.line("self.dataConnect = dataConnect")
                for operation in operations {
                    writer.line("self.\(operation.propertyName) = \(operation.className)(dataConnect: dataConnect)")
                }
            }
            writer.blank()
            writer.doc("Sends every operation of this connector to the emulator. Call it before the first operation.")
            writer.block("""
                public func useEmulator(
                    host: String = DataConnect.EmulatorDefaults.host, port: Int = DataConnect.EmulatorDefaults.port
                )
                """) { writer in
                writer.line("dataConnect.useEmulator(host: host, port: port)")
            }
        }
    }
}
