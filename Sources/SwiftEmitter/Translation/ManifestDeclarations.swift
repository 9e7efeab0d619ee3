import Diagnostics
import Project

/// `Package.swift` of the generated package (docs/generated-code.md, "`Package.swift`").
enum ManifestDeclarations {
    /// Firebase's runtime repository and the first release with everything the generated code
    /// uses; cache settings and `fetchPolicy` need 11.11.0 (iOS SDK tags, docs/sources.md).
    static let firebaseURL = "https://github.com/firebase/data-connect-ios-sdk"
    static let firebaseBaseVersion = "11.3.0-beta"
    static let firebaseCacheVersion = "11.11.0"
    /// The name a path dependency on the portable runtime is declared with. SwiftPM would
    /// otherwise name it after the folder the path ends in, which for `../..` is unknown to the
    /// emitter and differs between checkouts.
    static let portablePathName = "sdkgen"

    /// The comment lines that open `Package.swift`; it imports `PackageDescription` only.
    static let header = [
        "// swift-tools-version: 5.9", "// The swift-tools-version declares the minimum version of Swift required to build this package.",
        SwiftRenderer.marker,
    ]

    /// The declarations of `Package.swift`; nil when the package name or the runtime's location
    /// would make it invalid.
    static func declarations(_ context: EmitterContext, diagnostics: inout DiagnosticCollector) -> [Declaration]? {
        let package = context.sdk.package
        if !isValidPackageName(package) {
            diagnostics.append(Diagnostic(
                .error, .emitInvalidPackage, "swiftSdk package '\(package)' is not a valid package name: use letters, digits and '_', not starting with a digit, and no Swift keyword",
                span: context.sdk.packageSpan))
        }
        let dependency = dependency(context, diagnostics: &diagnostics)
        guard isValidPackageName(package), let dependency else { return nil }
        let name = SwiftLiteral.string(package)
        // `QueryRefObservation` needs iOS 17 / macOS 14 (Firebase's floor). Without it nothing in the
        // package needs more than the runtime's own floor, so `observableObject` packages keep it.
        let platforms = switch context.sdk.observablePublisher {
        case .observableMacro: [".iOS(.v17)", ".macOS(.v14)", ".watchOS(.v10)", ".tvOS(.v17)"]
        case .observableObject: [".iOS(.v15)", ".macOS(.v12)", ".watchOS(.v8)", ".tvOS(.v15)"]
        }
        let value = Code.nested("Package(", [
            .line("name: \(name),"),
            .line("platforms: [\(platforms.joined(separator: ", "))],"),
            .nested("products: [", [.line(".library(name: \(name), targets: [\(name)])")], "],"),
            .nested("dependencies: [", [.line(Line(dependency.package))], "],"),
            .nested("targets: [", [
                .nested(".target(", [.line("name: \(name),"), .line("dependencies: [\(dependency.product)],"), .line("path: \"Sources\"")], ")"),
            ], "]"),
        ], ")")
        return [.init(.property(Property(modifiers: .init(), keyword: "let", name: "package", value: .initializer(value))))]
    }

    /// Package names become folder, product and module names, and apps `import` the module: a
    /// plain identifier that is no keyword.
    static func isValidPackageName(_ name: String) -> Bool {
        SwiftIdentifier.isValid(name) && !SwiftIdentifier.isReserved(name)
    }

    private static func dependency(_ context: EmitterContext, diagnostics: inout DiagnosticCollector) -> (package: String, product: String)? {
        switch context.runtime {
        case .firebase:
            let version = context.sdk.clientCache == nil ? firebaseBaseVersion : firebaseCacheVersion
            return (".package(url: \(SwiftLiteral.string(firebaseURL)), from: \(SwiftLiteral.string(version)))",
                    ".product(name: \"FirebaseDataConnect\", package: \"data-connect-ios-sdk\")")
        case .portablePath(let path) where path.isEmpty:
            diagnostics.append(Diagnostic(.error, .emitInvalidRuntime, "the SDKGenDataConnect runtime path is empty"))
            return nil
        case .portableURL(let url, let version) where url.isEmpty || version.isEmpty || packageIdentity(context.runtime).isEmpty:
            diagnostics.append(Diagnostic(.error, .emitInvalidRuntime, "the SDKGenDataConnect runtime needs both a URL and a version"))
            return nil
        case .portablePath(let path):
            return (".package(name: \(SwiftLiteral.string(portablePathName)), path: \(SwiftLiteral.string(path)))",
                    portableProduct(context.runtime))
        case .portableURL(let url, let version):
            return (".package(url: \(SwiftLiteral.string(url)), from: \(SwiftLiteral.string(version)))", portableProduct(context.runtime))
        }
    }

    private static func portableProduct(_ runtime: RuntimeChoice) -> String {
        ".product(name: \"SDKGenDataConnect\", package: \(SwiftLiteral.string(packageIdentity(runtime))))"
    }

    /// The package name target dependencies use for the runtime: the declared name for a path,
    /// SwiftPM's identity for a URL (its last path component, without `.git`).
    static func packageIdentity(_ runtime: RuntimeChoice) -> String {
        switch runtime {
        case .firebase: return "data-connect-ios-sdk"
        case .portablePath: return portablePathName
        case .portableURL(let url, _):
            var last = Substring(url)
            while last.hasSuffix("/") { last = last.dropLast() }
            if let slash = last.lastIndex(of: "/") { last = last[last.index(after: slash)...] }
            if last.hasSuffix(".git") { last = last.dropLast(4) }
            return String(last)
        }
    }
}
