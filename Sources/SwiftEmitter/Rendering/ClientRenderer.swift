import Project

/// `<Conn>Client.swift`: the connector class and its `DataConnect` accessor (spec §4).
enum ClientRenderer {
    static func render(_ context: EmitterContext, operations: [SwiftOperation]) -> String {
        var writer = SwiftWriter(capacity: 128 * operations.count + 2048)
        context.writePreamble(into: &writer)
        writeAccessor(context, into: &writer)
        writer.blank()
        writeConnector(context, operations: operations, into: &writer)
        return writer.text
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

    private static func writeConnector(_ context: EmitterContext, operations: [SwiftOperation], into writer: inout SwiftWriter) {
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
            let groups = operations.count > storedOperationLimit ? operationGroups(operations) : nil
            if let groups {
                writeGroupedOperations(groups, into: &writer)
            } else {
                writeStoredOperations(operations, into: &writer)
            }
            writer.blank()
            writer.doc("Sends every operation of this connector to the emulator. Call it before the first operation.")
            writer.line("public func useEmulator(")
            writer.line("    host: String = DataConnect.EmulatorDefaults.host, port: Int = DataConnect.EmulatorDefaults.port")
            writer.block(")") { writer in
                writer.line("dataConnect.useEmulator(host: host, port: port)")
            }
            if let groups {
                writeGroupStructs(groups, into: &writer)
            }
        }
    }

    /// Above this many operations the connector keeps them in groups (see `writeGroupedOperations`).
    static let storedOperationLimit = 100
    /// Operations per group: small enough that each group's initializer checks in milliseconds.
    static let operationGroupSize = 50

    /// Firebase's shape: one stored `let` per operation, assigned in `init`.
    private static func writeStoredOperations(_ operations: [SwiftOperation], into writer: inout SwiftWriter) {
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
    }

    private static func operationGroups(_ operations: [SwiftOperation]) -> [ArraySlice<SwiftOperation>] {
        stride(from: 0, to: operations.count, by: operationGroupSize).map {
            operations[$0 ..< min($0 + operationGroupSize, operations.count)]
        }
    }

    /// The same public properties, read-only and returning the same object on every access, stored
    /// in private structs of `operationGroupSize` operations. The compiler's definite-initialization
    /// check grows with the square of the stored properties one initializer assigns: 1,000 of them
    /// take it 15-40 s, 20 groups of 50 well under a second.
    private static func writeGroupedOperations(_ groups: [ArraySlice<SwiftOperation>], into writer: inout SwiftWriter) {
        writer.blank()
        writer.line("// MARK: Operations")
        writer.blank()
        for (index, group) in groups.enumerated() {
            for operation in group {
                writer.line("public var \(operation.propertyName): \(operation.className) { operations\(String(index)).\(operation.propertyName) }")
            }
        }
        writer.blank()
        for index in groups.indices {
            writer.line("private let operations\(String(index)): OperationGroup\(String(index))")
        }
        writer.blank()
        writer.block("init(dataConnect: DataConnect)") { writer in
            writer.line("self.dataConnect = dataConnect")
            for index in groups.indices {
                writer.line("self.operations\(String(index)) = OperationGroup\(String(index))(dataConnect: dataConnect)")
            }
        }
    }

    private static func writeGroupStructs(_ groups: [ArraySlice<SwiftOperation>], into writer: inout SwiftWriter) {
        for (index, group) in groups.enumerated() {
            writer.blank()
            writer.block("private struct OperationGroup\(String(index))") { writer in
                for operation in group {
                    writer.line("let \(operation.propertyName): \(operation.className)")
                }
                writer.blank()
                writer.block("init(dataConnect: DataConnect)") { writer in
                    for operation in group {
                        writer.line("self.\(operation.propertyName) = \(operation.className)(dataConnect: dataConnect)")
                    }
                }
            }
        }
    }
}
