import Diagnostics
import IR
import Parallel
import Project
import Schema

/// One file of a generated package, rendered when its text is asked for.
public struct GeneratedSwiftFile: Sendable {
    /// Path relative to the `outputDir` of the `swiftSdk` entry, e.g. `LibrarySDK/Sources/CityLibraryClient.swift`.
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

    /// The path inside the package folder, e.g. `Sources/CityLibraryClient.swift`.
    public var pathInPackage: String {
        guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }
}

/// Renders the Swift package Firebase's generator would write for one `swiftSdk` entry of a
/// connector (docs/generated-code.md).
public enum SwiftEmitter {
    /// The package for `sdk` of one connector of the validated IR, in a fixed order
    /// (`Package.swift`, `README.md`, the three shared sources, then one file per operation
    /// class), or no files when `diagnostics` contains errors. Every problem is found before a
    /// file is rendered, so rendering, left to the writer, cannot fail. Operations with errors produce no
    /// package; the validator has reported their problems already. An `sdkgenRuntime` path of
    /// `sdk` is written as given (`Connector.resolvingRuntimePath(of:)` makes it relative to the
    /// package folder).
    public static func emit(
        _ sdk: SwiftSDKConfig, connector: ConnectorIdentity, schema: Schema, ir: IRConnector
    ) -> (files: [GeneratedSwiftFile], diagnostics: [Diagnostic]) {
        let (parts, diagnostics) = prepare(sdk, connector: connector, schema: schema, ir: ir)
        guard let parts else { return ([], diagnostics) }
        let files = packageFiles(parts)
        return (files.map { GeneratedSwiftFile(path: sdk.package + "/" + $0.path, origin: $0.origin, render: $0.render) }, diagnostics)
    }

    /// The name of the one file `emitSources` renders. It is fixed so that build systems, which
    /// must name a build step's outputs before it runs, know it in advance.
    public static let sourcesFileName = "DataConnectGenerated.swift"

    /// The Swift sources of the package for `sdk` as one file (`sourcesFileName`), for a target
    /// that compiles them itself (`sdk.package` is that target's module): the client, the keys,
    /// the shared types and every operation class in package order, under one preamble. Nil,
    /// with the reasons, when `emit` would produce no package.
    public static func emitSources(
        _ sdk: SwiftSDKConfig, connector: ConnectorIdentity, schema: Schema, ir: IRConnector
    ) -> (file: GeneratedSwiftFile?, diagnostics: [Diagnostic]) {
        let (parts, diagnostics) = prepare(sdk, connector: connector, schema: schema, ir: ir)
        guard let parts else { return (nil, diagnostics) }
        return (GeneratedSwiftFile(path: sourcesFileName) { renderSources(parts) }, diagnostics)
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
        _ sdk: SwiftSDKConfig, connector: ConnectorIdentity, schema: Schema, ir: IRConnector
    ) -> (parts: Parts?, diagnostics: [Diagnostic]) {
        let invalid = ir.operations.filter(\.hasErrors).map(\.name)
        guard invalid.isEmpty else {
            let names = invalid.map { "'\($0)'" }.joined(separator: ", ")
            return (nil, [Diagnostic(.error, "no Swift SDK for connector '\(ir.id)': operations \(names) have errors")])
        }
        // Naming converts case: spread over the processors for connectors of thousands of operations.
        let lowered = ir.operations
        let operations = Array(ChunkedWork.map(count: lowered.count) { range in
            lowered[range].filter(\.hasSwiftAPI).map(SwiftOperation.init)
        }.joined())
        let context = EmitterContext(connector: connector, sdk: sdk, schema: schema)
        var diagnostics = DiagnosticCollector()
        let keys = KeyStruct.all(in: schema, diagnostics: &diagnostics)
        let userEnums = UserEnum.all(in: schema)
        EmitterChecks.check(context, keys: keys, userEnums: userEnums, operations: operations, into: &diagnostics)
        guard !diagnostics.hasErrors else { return (nil, diagnostics.sorted) }
        let classes = OperationsRenderer(context, userEnums: userEnums, keys: keys, operations: operations)
        return (Parts(context: context, keys: keys, operations: operations, classes: classes), diagnostics.sorted)
    }

    /// The one file of `emitSources`: the package's sources in their order, one preamble.
    private static func renderSources(_ parts: Parts) -> String {
        var writer = SwiftWriter(capacity: 16_384 * (parts.operations.count + 3))
        parts.context.writePreamble(into: &writer)
        SwiftRenderer.write(ClientDeclarations.declarations(parts.context, operations: parts.operations), into: &writer)
        writer.blank()
        SwiftRenderer.write(KeyDeclarations.declarations(parts.keys), into: &writer)
        writer.blank()
        parts.classes.writeShared(into: &writer)
        for index in parts.classes.fileNames.indices {
            writer.blank()
            parts.classes.writeClass(at: index, into: &writer)
        }
        return writer.text
    }

    /// One file of the package: its path in the package folder and how to render it.
    private struct PackageFile: Sendable {
        let path: String
        var origin: SourceSpan?
        let render: @Sendable () -> String
    }

    /// Every file of the package, in output order.
    private static func packageFiles(_ parts: Parts) -> [PackageFile] {
        let context = parts.context, classes = parts.classes, operations = parts.operations, keys = parts.keys
        let sources = "Sources/\(context.filePrefix)"
        let connectorId = context.connector.connectorIdSpan
        let shared = [
            PackageFile(path: "Package.swift") { SwiftRenderer.render(ManifestDeclarations.file(context), capacity: 1024) },
            PackageFile(path: "README.md") { ReadmeText.render(context, operations: operations) },
            PackageFile(path: "\(sources)Client.swift", origin: connectorId) { SwiftRenderer.render(SwiftFile(imports: context.imports, declarations: ClientDeclarations.declarations(context, operations: operations)), capacity: 128 * operations.count + 2048) },
            PackageFile(path: "\(sources)Keys.swift", origin: connectorId) { SwiftRenderer.render(SwiftFile(imports: context.imports, declarations: KeyDeclarations.declarations(keys)), capacity: 512 * keys.count + 256) },
            PackageFile(path: "\(sources)Operations.swift", origin: connectorId) { classes.renderShared() },
        ]
        return shared + classes.fileNames.indices.map { index in
            PackageFile(path: "Sources/Operations/\(classes.fileNames[index]).swift", origin: operations[index].span) {
                classes.renderClass(at: index)
            }
        }
    }
}
