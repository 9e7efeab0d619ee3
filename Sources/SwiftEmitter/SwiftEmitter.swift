import Diagnostics
import IR
import Project

/// One file of a generated package, rendered when its text is asked for.
public struct GeneratedSwiftFile: Sendable {
    /// Path inside the package folder, e.g. `Sources/CityLibraryClient.swift`.
    public var path: String
    /// Renders the file's text; it may run on any thread, once per call.
    public var render: @Sendable () -> String
    /// What the file is named after (the operation, or `connectorId`), so that a problem with its
    /// path points there; nil for the files with fixed names.
    public var origin: SourceSpan?

    public init(path: String, origin: SourceSpan? = nil, render: @escaping @Sendable () -> String) {
        self.path = path
        self.origin = origin
        self.render = render
    }

    /// The file's complete text, ending in a newline.
    public var contents: String { render() }
}

/// Renders the Swift package Firebase's generator would write for one `swiftSdk` entry of a
/// connector (docs/generated-code.md).
public enum SwiftEmitter {
    /// Data Connect's default region, which the package uses when `IR.location` is nil. Firebase's
    /// templates write it, and some projects leave `location` out of `dataconnect.yaml`.
    public static let defaultLocation = "us-central1"

    /// The package for `sdk` of `connector`, one of `ir.connectors`, in a fixed order
    /// (`Package.swift`, `README.md`, the three shared sources, then one file per operation
    /// class), or no files when `diagnostics` contains errors. Every problem is found before a
    /// file is rendered, so rendering, left to the writer, cannot fail. Operations with errors produce no
    /// package; the validator has reported their problems already. An `sdkgenRuntime` path of
    /// `sdk` is written as given (`Connector.resolvingRuntimePath(of:)` makes it relative to the
    /// package folder).
    public static func emit(
        _ sdk: SwiftSDKConfig, connector: IRConnector, in ir: IR, diagnostics: inout DiagnosticCollector
    ) -> [GeneratedSwiftFile] {
        guard let parts = prepare(sdk, connector: connector, in: ir, diagnostics: &diagnostics) else { return [] }
        return packageFiles(parts)
    }

    /// The name of the one file `emitSources` renders. It is fixed so that build systems, which
    /// must name a build step's outputs before it runs, know it in advance.
    public static let sourcesFileName = "DataConnectGenerated.swift"

    /// The Swift sources of the package for `sdk` as one file (`sourcesFileName`), for a target
    /// that compiles them itself (`sdk.package` is that target's module): the client, the keys,
    /// the shared types and every operation class in package order, under one preamble. Nil,
    /// with the reasons, when `emit` would produce no package.
    public static func emitSources(
        _ sdk: SwiftSDKConfig, connector: IRConnector, in ir: IR, diagnostics: inout DiagnosticCollector
    ) -> GeneratedSwiftFile? {
        guard let parts = prepare(sdk, connector: connector, in: ir, diagnostics: &diagnostics) else { return nil }
        return GeneratedSwiftFile(path: sourcesFileName) { renderSources(parts) }
    }

    /// Whether `name` may name a generated package or the module `emitSources` writes for: a
    /// Swift identifier that is no keyword.
    public static func isValidModuleName(_ name: String) -> Bool {
        EmitterChecks.isValidPackageName(name)
    }

    /// What every file of one package is rendered from, decided and checked once.
    private struct Parts: Sendable {
        let context: EmitterContext
        let keys: [KeyStruct]
        let operations: [SwiftOperation]
        let classes: OperationsRenderer
    }

    /// Names the operations and checks everything a file could need; nil parts when there are errors.
    private static func prepare(
        _ sdk: SwiftSDKConfig, connector: IRConnector, in ir: IR, diagnostics: inout DiagnosticCollector
    ) -> Parts? {
        let invalid = connector.operations.filter(\.hasErrors).map(\.name)
        guard invalid.isEmpty else {
            let names = invalid.map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.append(Diagnostic(.error, .emitOperationsHaveErrors, "no Swift SDK for connector '\(connector.id)': operations \(names) have errors"))
            return nil
        }
        let operations = connector.operations.filter(\.hasSwiftAPI).map(SwiftOperation.init)
        let errorsBefore = diagnostics.errorCount
        let types = SwiftTypes(ir: ir, connector: connector, diagnostics: &diagnostics)
        let context = EmitterContext(connector: ConnectorIdentity(connector, of: ir), sdk: sdk, types: types)
        EmitterChecks.check(context, keys: types.keys, userEnums: types.enums, operations: operations, into: &diagnostics)
        guard diagnostics.errorCount == errorsBefore else { return nil }
        let classes = OperationsRenderer(context, userEnums: types.enums, keys: types.keys, operations: operations)
        return Parts(context: context, keys: types.keys, operations: operations, classes: classes)
    }

    /// The one file of `emitSources`: the package's sources in their order, one preamble.
    private static func renderSources(_ parts: Parts) -> String {
        var writer = SwiftWriter(capacity: 16_384 * (parts.operations.count + 3))
        parts.context.writePreamble(into: &writer)
        ClientRenderer.write(parts.context, operations: parts.operations, into: &writer)
        writer.blank()
        KeysRenderer.write(parts.keys, into: &writer)
        writer.blank()
        parts.classes.writeShared(into: &writer)
        for index in parts.classes.fileNames.indices {
            writer.blank()
            parts.classes.writeClass(at: index, into: &writer)
        }
        return writer.text
    }

    /// Every file of the package, in output order.
    private static func packageFiles(_ parts: Parts) -> [GeneratedSwiftFile] {
        let context = parts.context, classes = parts.classes, operations = parts.operations, keys = parts.keys
        let sources = "Sources/\(context.filePrefix)"
        let connectorId = context.connector.connectorIdSpan
        let shared = [
            GeneratedSwiftFile(path: "Package.swift") { PackageManifestRenderer.render(context) },
            GeneratedSwiftFile(path: "README.md") { ReadmeRenderer.render(context, operations: operations) },
            GeneratedSwiftFile(path: "\(sources)Client.swift", origin: connectorId) { ClientRenderer.render(context, operations: operations) },
            GeneratedSwiftFile(path: "\(sources)Keys.swift", origin: connectorId) { KeysRenderer.render(context, keys: keys) },
            GeneratedSwiftFile(path: "\(sources)Operations.swift", origin: connectorId) { classes.renderShared() },
        ]
        return shared + classes.fileNames.indices.map { index in
            GeneratedSwiftFile(path: "Sources/Operations/\(classes.fileNames[index]).swift", origin: operations[index].span) {
                classes.renderClass(at: index)
            }
        }
    }
}
