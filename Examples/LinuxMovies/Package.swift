// swift-tools-version: 5.9
import PackageDescription

// The Linux example: `movies-demo` uses the MoviesSDK package that sdkgen generated from
// `dataconnect/` (with `sdkgenRuntime`, so it depends on this repository's portable runtime, not on
// Firebase's Apple-only SDK) against `MoviesStub`, a stub Data Connect server in the same process.
let package = Package(
    name: "LinuxMovies",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "sdkgen", path: "../.."),
        .package(path: "Generated/MoviesSDK"),
    ],
    targets: [
        .target(name: "MoviesStub"),
        .executableTarget(
            name: "movies-demo",
            dependencies: [
                "MoviesStub",
                .product(name: "MoviesSDK", package: "MoviesSDK"),
                .product(name: "SDKGenDataConnect", package: "sdkgen"),
            ]
        ),
    ]
)
