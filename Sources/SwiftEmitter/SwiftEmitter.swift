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
    /// class), or no files when `diagnostics` contains errors. Every problem is found by
    /// translation (`PackageTranslation`), so rendering, left to the writer, cannot fail. Operations with errors produce no
    /// package; the validator has reported their problems already. An `sdkgenRuntime` path of
    /// `sdk` is written as given (`Connector.resolvingRuntimePath(of:)` makes it relative to the
    /// package folder).
    public static func emit(
        _ sdk: SwiftSDKConfig, connector: IRConnector, in ir: IR, diagnostics: inout DiagnosticCollector
    ) -> [GeneratedSwiftFile] {
        guard let translation = PackageTranslation(sdk, connector: connector, in: ir, diagnostics: &diagnostics) else { return [] }
        return packageFiles(translation)
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
        guard let translation = PackageTranslation(sdk, connector: connector, in: ir, diagnostics: &diagnostics) else { return nil }
        let capacity = 16_384 * (translation.operations.count + 3)
        return GeneratedSwiftFile(path: sourcesFileName) {
            SwiftRenderer.render(imports: translation.context.imports, translation.sources, capacity: capacity)
        }
    }

    /// Whether `name` may name a generated package or the module `emitSources` writes for: a
    /// Swift identifier that is no keyword.
    public static func isValidModuleName(_ name: String) -> Bool {
        ManifestDeclarations.isValidPackageName(name)
    }

    /// Every file of the package, in output order.
    private static func packageFiles(_ translation: PackageTranslation) -> [GeneratedSwiftFile] {
        let context = translation.context, operations = translation.operations
        let sources = "Sources/\(context.filePrefix)"
        let connectorId = context.connector.connectorIdSpan
        let imports = context.imports
        let shared = [
            GeneratedSwiftFile(path: "Package.swift") {
                SwiftRenderer.render(header: ManifestDeclarations.header, imports: ["PackageDescription"], translation.manifest)
            },
            GeneratedSwiftFile(path: "README.md") { ReadmeText.render(context, operations: operations) },
            GeneratedSwiftFile(path: "\(sources)Client.swift", origin: connectorId) { SwiftRenderer.render(imports: imports, translation.client) },
            GeneratedSwiftFile(path: "\(sources)Keys.swift", origin: connectorId) { SwiftRenderer.render(imports: imports, translation.keys) },
            GeneratedSwiftFile(path: "\(sources)Operations.swift", origin: connectorId) { SwiftRenderer.render(imports: imports, translation.shared) },
        ]
        return shared + translation.fileNames.indices.map { index in
            GeneratedSwiftFile(path: "Sources/Operations/\(translation.fileNames[index]).swift", origin: operations[index].span) {
                SwiftRenderer.render(imports: imports, [translation.classes[index].declaration])
            }
        }
    }
}
