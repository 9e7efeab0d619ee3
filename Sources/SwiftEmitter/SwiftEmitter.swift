import Diagnostics
import IR
import Parallel
import Schema

/// One file of a generated package.
public struct GeneratedSwiftFile: Hashable, Sendable {
    /// Path relative to the `outputDir` of the `swiftSdk` entry, e.g. `LibrarySDK/Sources/CityLibraryClient.swift`.
    public var path: String
    /// The file's complete text, ending in a newline; empty when `isAlreadyOnDisk`.
    public var contents: String
    /// Whether the disk was found to hold exactly this file's text while it was rendered, so the
    /// text was not kept (see `DiskCheck`).
    public var isAlreadyOnDisk: Bool

    public init(path: String, contents: String, isAlreadyOnDisk: Bool = false) {
        self.path = path
        self.contents = contents
        self.isAlreadyOnDisk = isAlreadyOnDisk
    }

    /// The path inside the package folder, e.g. `Sources/CityLibraryClient.swift`.
    public var pathInPackage: String {
        guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }
}

/// Tells whether the file at a path inside the package folder already holds exactly `text`
/// (UTF-8 bytes).
///
/// Given to `SwiftEmitter.emit`, it lets a run keep only the texts that must be written: a large
/// package is tens of megabytes of text, almost all of it unchanged between runs. Each file is
/// checked as its renderer's bytes, before any `String` is made of them.
public typealias DiskCheck = @Sendable (_ pathInPackage: String, _ text: UnsafeBufferPointer<UInt8>) -> Bool

/// Renders the Swift package Firebase's generator would write for one `swiftSdk` entry of a
/// connector (spec `generated-swift-sdk.md`).
public enum SwiftEmitter {
    /// The package files in a fixed order (`Package.swift`, `README.md`, the three shared sources,
    /// then one file per operation class),
    /// or no files when `diagnostics` contains errors. Output depends only on the inputs; `cache`
    /// (a watch session's, dropped whenever `schema` changes) only saves re-rendering.
    /// With `diskCheck`, each file is compared with the disk as soon as it is rendered, and the text
    /// of a file the disk already holds is dropped (`isAlreadyOnDisk`). Not with a `cache`, which
    /// must keep every text whole.
    public static func emit(
        connector: ConnectorIdentity, options: SwiftSDKOptions, schema: Schema, operations: [OperationModel],
        cache: RenderCache? = nil, diskCheck: DiskCheck? = nil
    ) -> (files: [GeneratedSwiftFile], diagnostics: [Diagnostic]) {
        let diskCheck = cache == nil ? diskCheck : nil
        var diagnostics = DiagnosticCollector()
        let context = EmitterContext(connector: connector, options: options, schema: schema)
        let keys = KeyStruct.all(in: schema, diagnostics: &diagnostics)
        let userEnums = UserEnum.all(in: schema)
        let summaries = operations.map(\.summary)
        // The checks and the naming of every type are independent: both processors take one.
        let checked = ChunkedWork.Slots<[Diagnostic]>(count: 1)
        let prepared = ChunkedWork.Slots<OperationsRenderer>(count: 1)
        ChunkedWork.run([
            {
                var found = DiagnosticCollector()
                EmitterChecks.check(context, keys: keys, userEnums: userEnums, operations: summaries, into: &found)
                checked.store(found.diagnostics, at: 0)
            },
            { prepared.store(OperationsRenderer(context, userEnums: userEnums, keys: keys, operations: operations, cache: cache), at: 0) },
        ])
        diagnostics.append(contentsOf: checked.take()[0])
        guard !diagnostics.hasErrors else { return ([], diagnostics.sorted) }
        // Every piece is independent: the operation classes in ranges and the other files are
        // spread over the processors, then joined in a fixed order.
        let renderer = prepared.take()[0]
        let package = options.packageName
        let sources = "Sources/\(context.filePrefix)"
        // A file whose text the disk holds keeps its path only (see `DiskCheck`).
        let settle: @Sendable (String, SwiftWriter) -> GeneratedSwiftFile = { pathInPackage, writer in
            if let diskCheck, writer.text.withUTF8Bytes({ diskCheck(pathInPackage, $0) }) {
                return GeneratedSwiftFile(path: package + "/" + pathInPackage, contents: "", isAlreadyOnDisk: true)
            }
            return GeneratedSwiftFile(path: package + "/" + pathInPackage, contents: writer.text)
        }
        let ranges = ChunkedWork.ranges(count: operations.count)
        let classes = ChunkedWork.Slots<[(file: GeneratedSwiftFile, diagnostics: [Diagnostic])]>(count: ranges.count)
        let others = ChunkedWork.Slots<GeneratedSwiftFile>(count: 4)
        // The single files first: the README alone can take as long as a range of classes, and
        // started last it kept one processor busy while the other waited.
        var tasks: [@Sendable () -> Void] = [
            { others.store(settle("README.md", ReadmeRenderer.render(context, operations: operations)), at: 0) },
            { others.store(settle("\(sources)Client.swift", ClientRenderer.render(context, operations: summaries)), at: 1) },
            { others.store(settle("\(sources)Keys.swift", KeysRenderer.render(context, keys: keys)), at: 2) },
            { others.store(settle("\(sources)Operations.swift", renderer.writeShared()), at: 3) },
        ]
        tasks += ranges.enumerated().map { index, range in
            {
                // Each text is settled as soon as it is rendered, so a range's texts are not all held at once.
                classes.store(range.map { operation in
                    let path = "Sources/Operations/\(renderer.fileNames[operation]).swift"
                    guard cache == nil else {
                        let rendered = renderer.renderClass(at: operation)
                        return (GeneratedSwiftFile(path: package + "/" + path, contents: rendered.text), rendered.diagnostics)
                    }
                    let (writer, diagnostics) = renderer.writeClass(at: operation)
                    return (settle(path, writer), diagnostics)
                }, at: index)
            }
        }
        ChunkedWork.run(tasks)
        let rendered = Array(classes.take().joined())
        if cache != nil {
            renderer.remember(rendered.map { RenderCache.Rendered(text: $0.file.contents, diagnostics: $0.diagnostics) })
        }
        diagnostics.append(contentsOf: rendered.flatMap(\.diagnostics))
        guard !diagnostics.hasErrors else { return ([], diagnostics.sorted) }

        let files = [settle("Package.swift", PackageManifestRenderer.render(context))] + others.values + rendered.map(\.file)
        return (files, diagnostics.sorted)
    }

    /// The package for one connector of the validated IR. Operations with errors produce no
    /// package; the validator has reported their problems already.
    public static func emit(
        connector: ConnectorIdentity, options: SwiftSDKOptions, schema: Schema, ir: IRConnector, cache: RenderCache? = nil,
        diskCheck: DiskCheck? = nil
    ) -> (files: [GeneratedSwiftFile], diagnostics: [Diagnostic]) {
        let invalid = ir.operations.filter(\.hasErrors).map(\.name)
        guard invalid.isEmpty else {
            let names = invalid.map { "'\($0)'" }.joined(separator: ", ")
            return ([], [Diagnostic(.error, "no Swift SDK for connector '\(ir.id)': operations \(names) have errors")])
        }
        let lowered = ir.operations
        let operations = Array(ChunkedWork.map(count: lowered.count) { range in
            lowered[range].compactMap { OperationModel($0) }
        }.joined())
        return emit(connector: connector, options: options, schema: schema, operations: operations, cache: cache, diskCheck: diskCheck)
    }
}
