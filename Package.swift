// swift-tools-version:6.0
import PackageDescription

// The generator is a pipeline of library targets, one per stage (docs/pipeline.md):
// Diagnostics <- GraphQL, YAML <- Project, Schema <- Validation, IR (lowering) <- SwiftEmitter <- Pipeline <- CLI <- sdkgen.
// Validation and IR know nothing of each other; the emitter reads the IR, no `Schema` (it uses that target for `TypeRef`).
// Pipeline runs the stages in order for every command (and the benchmarks); Output writes the
// rendered packages (and checks them for `--check`) and the files `sdkgen init` creates; Watch polls the project's
// files for `generate --watch`; Setup computes what `sdkgen init` adds to a project; BuildInfo (C) carries
// the commit scripts/install.sh builds from into `sdkgen --version`.
// SDKGenDataConnect is the portable runtime that generated packages can use. SDKGenPlugin (build tool) and
// SDKGenCommand (`swift package generate-dataconnect-sdk`) run sdkgen for other packages.
let package = Package(
    name: "sdkgen",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .executable(name: "sdkgen", targets: ["sdkgen"]),
        .library(name: "SDKGenDataConnect", targets: ["SDKGenDataConnect"]),
        .plugin(name: "SDKGenPlugin", targets: ["SDKGenPlugin"]),
        .plugin(name: "SDKGenCommand", targets: ["SDKGenCommand"]),
    ],
    targets: [
        .target(name: "Diagnostics"),
        .target(name: "Parallel"),
        .target(name: "GraphQL", dependencies: ["Diagnostics"]),
        .target(name: "YAML", dependencies: ["Diagnostics"]),
        .target(name: "Project", dependencies: ["Diagnostics", "YAML"]),
        .target(name: "Schema", dependencies: ["Diagnostics", "GraphQL", "Parallel"]),
        .target(name: "Validation", dependencies: ["Diagnostics", "GraphQL", "Schema", "Parallel"]),
        .target(name: "IR", dependencies: ["Diagnostics", "GraphQL", "Schema", "Parallel"]),
        .target(name: "SwiftEmitter", dependencies: ["Diagnostics", "GraphQL", "Project", "Schema", "IR", "Parallel"]),
        .target(name: "Output", dependencies: ["Diagnostics", "Parallel"]),
        .target(
            name: "Pipeline",
            dependencies: ["Diagnostics", "GraphQL", "YAML", "Project", "Schema", "Validation", "IR", "SwiftEmitter", "Output", "Parallel"]
        ),
        .target(name: "Watch", dependencies: ["Diagnostics", "Project"]),
        .target(name: "Setup", dependencies: ["Diagnostics", "YAML", "Project"]),
        .target(name: "BuildInfo"),
        .target(name: "CLI", dependencies: ["Diagnostics", "Project", "Schema", "IR", "Pipeline", "Output", "Watch", "Setup", "BuildInfo"]),
        .executableTarget(name: "sdkgen", dependencies: ["CLI"]),
        .executableTarget(
            name: "sdkgen-benchmark",
            dependencies: [
                "Diagnostics", "GraphQL", "YAML", "Project", "Schema", "Output", "Watch", "Validation", "IR", "SwiftEmitter", "Pipeline",
                "SDKGenDataConnect",
            ],
            path: "Sources/Benchmark"
        ),
        // libFuzzer targets, built with sanitizers by scripts/fuzz.sh; a plain build replays inputs.
        .executableTarget(name: "sdkgen-fuzz", dependencies: ["Diagnostics", "GraphQL", "YAML", "Project", "Schema", "Pipeline"], path: "Sources/Fuzz"),
        .target(name: "SDKGenDataConnect"),
        // The plugins run the sdkgen built from this package; they need Swift 6.0 or newer.
        .plugin(name: "SDKGenPlugin", capability: .buildTool(), dependencies: ["sdkgen"]),
        .plugin(
            name: "SDKGenCommand",
            capability: .command(
                intent: .custom(verb: "generate-dataconnect-sdk", description: "Generate the Swift package of every connector's swiftSdk entry."),
                permissions: [.writeToPackageDirectory(reason: "sdkgen writes the generated Swift packages into their outputDir folders.")]
            ),
            dependencies: ["sdkgen"]
        ),

        .target(name: "TestSupport", dependencies: ["Diagnostics"], path: "Tests/TestSupport"),
        // Helpers that a stage's tests share with CorpusTests, which runs every check of ../shared/corpus
        // in one test (docs/testing.md, "The shared folder").
        .target(name: "GraphQLTestSupport", dependencies: ["GraphQL"], path: "Tests/GraphQLTestSupport"),
        .target(name: "SchemaTestSupport", dependencies: ["Diagnostics", "GraphQL", "Schema"], path: "Tests/SchemaTestSupport"),
        .target(
            name: "SwiftEmitterTestSupport",
            dependencies: ["TestSupport", "Diagnostics", "GraphQL", "Project", "Schema", "Validation", "IR", "SwiftEmitter"],
            path: "Tests/SwiftEmitterTestSupport"
        ),
        .target(name: "CLITestSupport", dependencies: ["CLI"], path: "Tests/CLITestSupport"),
        .testTarget(name: "DiagnosticsTests", dependencies: ["TestSupport", "Diagnostics"]),
        .testTarget(name: "GraphQLTests", dependencies: ["TestSupport", "GraphQLTestSupport", "GraphQL", "Diagnostics"]),
        .testTarget(name: "YAMLTests", dependencies: ["TestSupport", "YAML", "Diagnostics"]),
        .testTarget(name: "ProjectTests", dependencies: ["TestSupport", "Project", "YAML", "Diagnostics"]),
        .testTarget(name: "SchemaTests", dependencies: ["TestSupport", "SchemaTestSupport", "Schema", "GraphQL", "Diagnostics"]),
        .testTarget(name: "ValidationTests", dependencies: ["TestSupport", "Validation", "Schema", "GraphQL", "Diagnostics"]),
        .testTarget(name: "IRTests", dependencies: ["TestSupport", "IR", "Validation", "Schema", "GraphQL", "Diagnostics"]),
        .testTarget(
            name: "SwiftEmitterTests",
            dependencies: ["TestSupport", "SwiftEmitterTestSupport", "SwiftEmitter", "Output", "Project", "IR", "Validation", "Schema", "GraphQL", "Diagnostics"],
            exclude: ["Golden", "Fixtures"]
        ),
        .testTarget(name: "PipelineTests", dependencies: ["TestSupport", "Pipeline", "IR", "Project", "Output", "Diagnostics"]),
        .testTarget(name: "ParallelTests", dependencies: ["Parallel"]),
        .testTarget(name: "OutputTests", dependencies: ["TestSupport", "Output", "Diagnostics"]),
        .testTarget(name: "WatchTests", dependencies: ["Watch", "Project", "Diagnostics"]),
        .testTarget(name: "SetupTests", dependencies: ["TestSupport", "Setup", "Project", "YAML", "Diagnostics"]),
        .testTarget(name: "CLITests", dependencies: ["TestSupport", "CLITestSupport", "CLI", "Diagnostics"]),
        .testTarget(name: "SDKGenDataConnectTests", dependencies: ["TestSupport", "SDKGenDataConnect"]),
        .testTarget(
            name: "CorpusTests",
            dependencies: [
                "TestSupport", "GraphQLTestSupport", "SchemaTestSupport", "SwiftEmitterTestSupport", "CLITestSupport",
                "Diagnostics", "GraphQL", "YAML", "Project", "Schema", "IR", "CLI",
            ]
        ),
    ]
)
