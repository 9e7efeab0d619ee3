/// `Package.swift` of the generated package (spec §2.1).
enum PackageManifestRenderer {
    /// Firebase's runtime repository and the first release with everything the generated code
    /// uses; cache settings and `fetchPolicy` need 11.11.0 (spec §11).
    static let firebaseURL = "https://github.com/firebase/data-connect-ios-sdk"
    static let firebaseBaseVersion = "11.3.0-beta"
    static let firebaseCacheVersion = "11.11.0"

    static func render(_ context: EmitterContext) -> SwiftWriter {
        let name = SwiftLiteral.string(context.options.packageName)
        let dependency = dependency(context)
        var writer = SwiftWriter()
        writer.line("// swift-tools-version: 5.9")
        writer.line("// The swift-tools-version declares the minimum version of Swift required to build this package.")
        writer.line("\(EmitterContext.header)")
        writer.blank()
        writer.line("import PackageDescription")
        writer.blank()
        writer.line("let package = Package(")
        writer.line("    name: \(name),")
        writer.line("    platforms: [\(platforms(context).joined(separator: ", "))],")
        writer.line("    products: [")
        writer.line("        .library(name: \(name), targets: [\(name)])")
        writer.line("    ],")
        writer.line("    dependencies: [")
        writer.line("        \(dependency.package)")
        writer.line("    ],")
        writer.line("    targets: [")
        writer.line("        .target(")
        writer.line("            name: \(name),")
        writer.line("            dependencies: [\(dependency.product)],")
        writer.line("            path: \"Sources\"")
        writer.line("        )")
        writer.line("    ]")
        writer.line(")")
        return writer
    }

    /// `QueryRefObservation` needs iOS 17 / macOS 14 (Firebase's floor). Without it nothing in the
    /// package needs more than the runtime's own floor, so `observableObject` packages keep it.
    private static func platforms(_ context: EmitterContext) -> [String] {
        switch context.options.observablePublisher {
        case .observableMacro: [".iOS(.v17)", ".macOS(.v14)", ".watchOS(.v10)", ".tvOS(.v17)"]
        case .observableObject: [".iOS(.v15)", ".macOS(.v12)", ".watchOS(.v8)", ".tvOS(.v15)"]
        }
    }

    private static func dependency(_ context: EmitterContext) -> (package: String, product: String) {
        switch context.options.runtime {
        case .firebase:
            let version = context.options.clientCache == nil ? firebaseBaseVersion : firebaseCacheVersion
            return (
                ".package(url: \(SwiftLiteral.string(firebaseURL)), from: \(SwiftLiteral.string(version)))",
                ".product(name: \"FirebaseDataConnect\", package: \"data-connect-ios-sdk\")"
            )
        case .sdkgen(let location):
            let package: String
            switch location {
            case .path(let path):
                package = ".package(path: \(SwiftLiteral.string(path)))"
            case .url(let url, let version):
                package = ".package(url: \(SwiftLiteral.string(url)), from: \(SwiftLiteral.string(version)))"
            }
            let identity = SwiftLiteral.string(packageIdentity(location))
            return (package, ".product(name: \"SDKGenDataConnect\", package: \(identity))")
        }
    }

    /// SwiftPM's identity of a dependency: the last path component, without `.git` for URLs.
    static func packageIdentity(_ location: RuntimeDependency.Location) -> String {
        let text: String
        switch location {
        case .path(let path): text = path
        case .url(let url, _): text = url
        }
        var last = Substring(text)
        while last.hasSuffix("/") { last = last.dropLast() }
        if let slash = last.lastIndex(of: "/") { last = last[last.index(after: slash)...] }
        if case .url = location, last.hasSuffix(".git") { last = last.dropLast(4) }
        return String(last)
    }
}
