import Diagnostics
import IR
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
    /// class), or no files when `diagnostics` contains errors. Every problem is found by
    /// translation (`PackageTranslation`), so rendering, left to the writer, cannot fail. Operations with errors produce no
    /// package; the validator has reported their problems already. An `sdkgenRuntime` path of
    /// `sdk` is written as given (`Connector.resolvingRuntimePath(of:)` makes it relative to the
    /// package folder).
    public static func emit(
        _ sdk: SwiftSDKConfig, connector: ConnectorIdentity, schema: Schema, ir: IRConnector
    ) -> (files: [GeneratedSwiftFile], diagnostics: [Diagnostic]) {
        let (translation, diagnostics) = prepare(sdk, connector: connector, schema: schema, ir: ir)
        guard let translation else { return ([], diagnostics) }
        let files = packageFiles(translation)
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
        let (translation, diagnostics) = prepare(sdk, connector: connector, schema: schema, ir: ir)
        guard let translation else { return (nil, diagnostics) }
        return (GeneratedSwiftFile(path: sourcesFileName) { renderSources(translation) }, diagnostics)
    }

    /// Whether `name` may name a generated package or the module `emitSources` writes for: a
    /// Swift identifier that is no keyword.
    public static func isValidModuleName(_ name: String) -> Bool {
        ManifestDeclarations.isValidPackageName(name)
    }

    /// Translates the package (`PackageTranslation`); nil with the reasons when it has errors.
    private static func prepare(
        _ sdk: SwiftSDKConfig, connector: ConnectorIdentity, schema: Schema, ir: IRConnector
    ) -> (translation: PackageTranslation?, diagnostics: [Diagnostic]) {
        let invalid = ir.operations.filter(\.hasErrors).map(\.name)
        guard invalid.isEmpty else {
            let names = invalid.map { "'\($0)'" }.joined(separator: ", ")
            return (nil, [Diagnostic(.error, "no Swift SDK for connector '\(ir.id)': operations \(names) have errors")])
        }
        var diagnostics = DiagnosticCollector()
        let translated = PackageTranslation(EmitterContext(connector: connector, sdk: sdk, schema: schema), ir: ir, diagnostics: &diagnostics)
        return (translated, diagnostics.sorted)
    }

    /// The one file of `emitSources`: the package's sources in their order, one preamble.
    private static func renderSources(_ translation: PackageTranslation) -> String {
        SwiftRenderer.render(imports: translation.context.imports, translation.sources, capacity: 16_384 * (translation.operations.count + 3))
    }

    /// One file of the package: its path in the package folder and how to render it.
    private struct PackageFile: Sendable {
        let path: String
        var origin: SourceSpan?
        let render: @Sendable () -> String
    }

    /// Every file of the package, in output order.
    private static func packageFiles(_ translation: PackageTranslation) -> [PackageFile] {
        let context = translation.context, operations = translation.operations
        let sources = "Sources/\(context.filePrefix)"
        let connectorId = context.connector.connectorIdSpan
        let shared = [
            PackageFile(path: "Package.swift") { SwiftRenderer.render(translation.manifest, capacity: 1024) },
            PackageFile(path: "README.md") { ReadmeText.render(context, operations: operations) },
            PackageFile(path: "\(sources)Client.swift", origin: connectorId) {
                SwiftRenderer.render(translation.clientFile(), capacity: 128 * operations.count + 2048)
            },
            PackageFile(path: "\(sources)Keys.swift", origin: connectorId) {
                SwiftRenderer.render(translation.keysFile(), capacity: 512 * translation.keys.count + 256)
            },
            PackageFile(path: "\(sources)Operations.swift", origin: connectorId) { SwiftRenderer.render(translation.sharedFile()) },
        ]
        return shared + translation.fileNames.indices.map { index in
            PackageFile(path: "Sources/Operations/\(translation.fileNames[index]).swift", origin: operations[index].span) {
                SwiftRenderer.render(translation.classFile(at: index))
            }
        }
    }
}
