import Diagnostics
import IR
import Schema

/// One file of a generated package.
public struct GeneratedSwiftFile: Hashable, Sendable {
    /// Path relative to the `outputDir` of the `swiftSdk` entry, e.g. `LibrarySDK/Sources/CityLibraryClient.swift`.
    public var path: String
    /// The file's complete text, ending in a newline.
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }

    /// The path inside the package folder, e.g. `Sources/CityLibraryClient.swift`.
    public var pathInPackage: String {
        guard let slash = path.firstIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}

/// Renders the Swift package Firebase's generator would write for one `swiftSdk` entry of a
/// connector (spec `generated-swift-sdk.md`).
public enum SwiftEmitter {
    /// The package files in a fixed order (`Package.swift`, `README.md`, then the three sources),
    /// or no files when `diagnostics` contains errors. Output depends only on the inputs; `cache`
    /// (a watch session's, dropped whenever `schema` changes) only saves re-rendering.
    public static func emit(
        connector: ConnectorIdentity, options: SwiftSDKOptions, schema: Schema, operations: [OperationModel],
        cache: RenderCache? = nil
    ) -> (files: [GeneratedSwiftFile], diagnostics: [Diagnostic]) {
        var diagnostics = DiagnosticCollector()
        let context = EmitterContext(connector: connector, options: options, schema: schema)
        let keys = KeyStruct.all(in: schema, diagnostics: &diagnostics)
        let userEnums = UserEnum.all(in: schema)
        let summaries = operations.map(\.summary)
        EmitterChecks.check(context, keys: keys, userEnums: userEnums, operations: summaries, into: &diagnostics)
        guard !diagnostics.hasErrors else { return ([], diagnostics.sorted) }
        let operationsFile = OperationsRenderer.render(
            context, userEnums: userEnums, keys: keys, operations: operations, cache: cache, diagnostics: &diagnostics)
        guard !diagnostics.hasErrors else { return ([], diagnostics.sorted) }

        let package = options.packageName
        let sources = "\(package)/Sources/\(context.filePrefix)"
        let files = [
            GeneratedSwiftFile(path: "\(package)/Package.swift", contents: PackageManifestRenderer.render(context)),
            GeneratedSwiftFile(path: "\(package)/README.md", contents: ReadmeRenderer.render(context, operations: operations)),
            GeneratedSwiftFile(path: "\(sources)Client.swift", contents: ClientRenderer.render(context, operations: summaries)),
            GeneratedSwiftFile(path: "\(sources)Keys.swift", contents: KeysRenderer.render(context, keys: keys)),
            GeneratedSwiftFile(path: "\(sources)Operations.swift", contents: operationsFile),
        ]
        return (files, diagnostics.sorted)
    }

    /// The package for one connector of the validated IR. Operations with errors produce no
    /// package; the validator has reported their problems already.
    public static func emit(
        connector: ConnectorIdentity, options: SwiftSDKOptions, schema: Schema, ir: IRConnector, cache: RenderCache? = nil
    ) -> (files: [GeneratedSwiftFile], diagnostics: [Diagnostic]) {
        let invalid = ir.operations.filter(\.hasErrors).map(\.name)
        guard invalid.isEmpty else {
            let names = invalid.map { "'\($0)'" }.joined(separator: ", ")
            return ([], [Diagnostic(.error, "no Swift SDK for connector '\(ir.id)': operations \(names) have errors")])
        }
        let operations = ir.operations.compactMap { OperationModel($0, schema: schema) }
        return emit(connector: connector, options: options, schema: schema, operations: operations, cache: cache)
    }
}
