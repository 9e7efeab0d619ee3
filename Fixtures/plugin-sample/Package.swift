// swift-tools-version:6.0
import PackageDescription

// An app package that uses sdkgen's plugins: the MoviesApp target compiles the sources of the
// `movies` connector, which SDKGenPlugin generates into its build (see Sources/MoviesApp/sdkgen.json),
// and `swift package --allow-writing-to-package-directory generate-dataconnect-sdk` writes the
// connector's package into Generated/. sdkgen's tests build a copy with the path made absolute.
let package = Package(
    name: "PluginSample",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "sdkgen", path: "../..")],
    targets: [
        .executableTarget(
            name: "MoviesApp",
            dependencies: [.product(name: "SDKGenDataConnect", package: "sdkgen")],
            plugins: [.plugin(name: "SDKGenPlugin", package: "sdkgen")]
        ),
    ]
)
