import Diagnostics
import IR
import Parallel
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
    /// The package files in a fixed order (`Package.swift`, `README.md`, the three shared sources,
    /// then one file per operation class),
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
        // Every piece is independent: the operation classes in ranges and the other files are
        // spread over the processors, then joined in a fixed order.
        let renderer = OperationsRenderer(context, userEnums: userEnums, keys: keys, operations: operations, cache: cache)
        let ranges = ChunkedWork.ranges(count: operations.count)
        let classes = ChunkedWork.Slots<[RenderCache.Rendered]>(count: ranges.count)
        let others = ChunkedWork.Slots<String>(count: 3)
        var tasks: [@Sendable () -> Void] = ranges.enumerated().map { index, range in
            { classes.store(renderer.renderClasses(range), at: index) }
        }
        tasks.append { others.store(ReadmeRenderer.render(context, operations: operations), at: 0) }
        tasks.append { others.store(ClientRenderer.render(context, operations: summaries), at: 1) }
        tasks.append { others.store(KeysRenderer.render(context, keys: keys), at: 2) }
        ChunkedWork.run(tasks)
        let rendered = renderer.files(classes.take())
        diagnostics.append(contentsOf: rendered.diagnostics)
        guard !diagnostics.hasErrors else { return ([], diagnostics.sorted) }

        let package = options.packageName
        let sources = "\(package)/Sources/\(context.filePrefix)"
        let files = [
            GeneratedSwiftFile(path: "\(package)/Package.swift", contents: PackageManifestRenderer.render(context)),
            GeneratedSwiftFile(path: "\(package)/README.md", contents: others.values[0]),
            GeneratedSwiftFile(path: "\(sources)Client.swift", contents: others.values[1]),
            GeneratedSwiftFile(path: "\(sources)Keys.swift", contents: others.values[2]),
            GeneratedSwiftFile(path: "\(sources)Operations.swift", contents: rendered.shared),
        ] + rendered.classes.map { GeneratedSwiftFile(path: "\(package)/Sources/Operations/\($0.name).swift", contents: $0.text) }
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
        let lowered = ir.operations
        let operations = Array(ChunkedWork.map(count: lowered.count) { range in
            lowered[range].compactMap { OperationModel($0, schema: schema) }
        }.joined())
        return emit(connector: connector, options: options, schema: schema, operations: operations, cache: cache)
    }
}
