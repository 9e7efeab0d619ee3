import Diagnostics
import IR
import Parallel
import Project
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
        guard let slash = path.utf8.firstIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }
}

/// Renders the Swift package Firebase's generator would write for one `swiftSdk` entry of a
/// connector (spec `generated-swift-sdk.md`).
public enum SwiftEmitter {
    /// The package for `sdk` of one connector of the validated IR, in a fixed order
    /// (`Package.swift`, `README.md`, the three shared sources, then one file per operation
    /// class), or no files when `diagnostics` contains errors. Operations with errors produce no
    /// package; the validator has reported their problems already. An `sdkgenRuntime` path of
    /// `sdk` is written as given (`Connector.resolvingRuntimePath(of:)` makes it relative to the
    /// package folder).
    public static func emit(
        _ sdk: SwiftSDKConfig, connector: ConnectorIdentity, schema: Schema, ir: IRConnector
    ) -> (files: [GeneratedSwiftFile], diagnostics: [Diagnostic]) {
        let invalid = ir.operations.filter(\.hasErrors).map(\.name)
        guard invalid.isEmpty else {
            let names = invalid.map { "'\($0)'" }.joined(separator: ", ")
            return ([], [Diagnostic(.error, "no Swift SDK for connector '\(ir.id)': operations \(names) have errors")])
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
        guard !diagnostics.hasErrors else { return ([], diagnostics.sorted) }

        let files = packageFiles(context, keys: keys, userEnums: userEnums, operations: operations)
        // Each file is one task: the README and the shared files take as long as many classes,
        // and tasks are handed to whichever processor is free.
        let rendered = ChunkedWork.Slots<(text: String, diagnostics: [Diagnostic])>(count: files.count)
        ChunkedWork.run(files.indices.map { index in
            {
                var found = DiagnosticCollector()
                let text = files[index].render(&found)
                rendered.store((text, found.diagnostics), at: index)
            }
        })
        let results = rendered.take()
        for result in results { diagnostics.append(contentsOf: result.diagnostics) }
        guard !diagnostics.hasErrors else { return ([], diagnostics.sorted) }
        let output = zip(files, results).map { file, result in
            GeneratedSwiftFile(path: sdk.package + "/" + file.path, contents: result.text)
        }
        return (output, diagnostics.sorted)
    }

    /// One file of the package: its path in the package folder and how to render it.
    private struct PackageFile: Sendable {
        let path: String
        let render: @Sendable (inout DiagnosticCollector) -> String
    }

    /// Every file of the package, in output order.
    private static func packageFiles(
        _ context: EmitterContext, keys: [KeyStruct], userEnums: [UserEnum], operations: [SwiftOperation]
    ) -> [PackageFile] {
        let sources = "Sources/\(context.filePrefix)"
        let classes = OperationsRenderer(context, userEnums: userEnums, keys: keys, operations: operations)
        let shared = [
            PackageFile(path: "Package.swift") { _ in PackageManifestRenderer.render(context) },
            PackageFile(path: "README.md") { _ in ReadmeRenderer.render(context, operations: operations) },
            PackageFile(path: "\(sources)Client.swift") { _ in ClientRenderer.render(context, operations: operations) },
            PackageFile(path: "\(sources)Keys.swift") { _ in KeysRenderer.render(context, keys: keys) },
            PackageFile(path: "\(sources)Operations.swift") { _ in classes.renderShared() },
        ]
        return shared + classes.fileNames.indices.map { index in
            PackageFile(path: "Sources/Operations/\(classes.fileNames[index]).swift") { classes.renderClass(at: index, diagnostics: &$0) }
        }
    }
}
