import Foundation
import SwiftEmitterTestSupport
import XCTest
@testable import SwiftEmitter

/// Builds the generated packages of every fixture and of every corpus connector that validates
/// against this repository's `SDKGenDataConnect`, together with app code that uses the fixtures' API
/// as an app written for Firebase's SDK would (`Fixtures/AppChecks/Sources/Check<package>/`), then
/// runs a program (`Fixtures/AppChecks/Sources/WireChecks/`) that checks the wire behaviour of the
/// generated types, runs operations end to end against a loopback stub of the REST endpoint and
/// receives a `@refresh` query's pushes from a loopback realtime server. One `swift build` for all
/// of them keeps the suite fast. Set `SDKGEN_SKIP_COMPILE_TEST=1` to skip.
final class GeneratedPackageCompileTests: XCTestCase {
    func testFixturePackagesCompileWithAppCode() throws {
        if ProcessInfo.processInfo.environment["SDKGEN_SKIP_COMPILE_TEST"] == "1" {
            throw XCTSkip("SDKGEN_SKIP_COMPILE_TEST=1")
        }
        var build = PackageBuild(name: "fixtures")
        defer { build.cleanUp() }
        for fixture in Fixture.all {
            let (files, diagnostics, sdk) = try fixture.emit { sdk in
                sdk.runtime = .portablePath(Fixture.packageRoot.path)
            }
            XCTAssertEqual(diagnostics.map(\.description), [])
            try build.add(files, package: sdk.package)
        }
        try build.add(try Emit.files(schema: NameClashes.schema, operations: NameClashes.operations, sdk: .test(
            package: "NameClashes", runtime: .portablePath(Fixture.packageRoot.path))), package: "NameClashes")
        try build.add(try Emit.files(schema: ManyOperations.schema, operations: ManyOperations.operations, sdk: .test(
            package: "ManyOperations", runtime: .portablePath(Fixture.packageRoot.path))), package: "ManyOperations")
        try build.add(try HostileProjectEscapingTests.compiledPackage(.test(
            package: "HostileText", runtime: .portablePath(Fixture.packageRoot.path))), package: "HostileText")
        // Without the shared corpus (a clone on its own) the fixtures are still built; CorpusTests
        // reports the missing corpus, with its one skip.
        for (_, package, files) in (try? CorpusPackages.emitAll(runtime: .portablePath(Fixture.packageRoot.path)))?.packages ?? [] {
            try build.add(files, package: package)
        }
        // The loopback servers are compiled in as they are (one source of truth each).
        build.addExecutable("WireChecks", packages: ["LibrarySDK", "ScalarKitchen", "MoviesSDK"], extraFiles: [
            Fixture.packageRoot.appendingPathComponent(LinuxExample.folder + "/Sources/MoviesStub/LoopbackServer.swift"),
            Fixture.packageRoot.appendingPathComponent("Sources/Benchmark/RealtimeLoopbackServer.swift"),
        ])
        guard try build.build() else { return }
        let (status, output) = try build.run("WireChecks")
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("all wire checks passed"), output)
    }

    /// The README's Linux command: builds `Examples/LinuxMovies` as committed and runs its demo
    /// against its in-process stub server.
    func testLinuxExampleRunsItsOperations() throws {
        if ProcessInfo.processInfo.environment["SDKGEN_SKIP_COMPILE_TEST"] == "1" {
            throw XCTSkip("SDKGEN_SKIP_COMPILE_TEST=1")
        }
        let run = try LinuxExample.run()
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.output, LinuxExample.expectedOutput, run.errors)
        let warnings = run.errors.components(separatedBy: "\n").filter { $0.contains("warning:") && $0.contains(LinuxExample.folder) }
        XCTAssertEqual(warnings, [], "the example has warnings")
    }

    /// sdkgen's SwiftPM plugins in a real package (`PluginSample`): the command plugin writes the
    /// connector's package, then `swift build` runs the build-tool plugin, whose generated types the
    /// sample's executable uses. Both plugins share one build of sdkgen in the sample's `.build`.
    func testPluginsGenerateIntoASamplePackage() throws {
        if ProcessInfo.processInfo.environment["SDKGEN_SKIP_COMPILE_TEST"] == "1" {
            throw XCTSkip("SDKGEN_SKIP_COMPILE_TEST=1")
        }
        let sample = try PluginSample()
        let (commandStatus, commandOutput) = try sample.swift("package", ["--allow-writing-to-package-directory", "generate-dataconnect-sdk"])
        XCTAssertEqual(commandStatus, 0, commandOutput)
        XCTAssertTrue(commandOutput.contains("generated 1 package (Generated/MoviesSDK): 9 written, 0 unchanged, 0 deleted in "), commandOutput)
        XCTAssertEqual(sample.files(under: "Generated/MoviesSDK"), [
            ".sdkgen-manifest", "Package.swift", "README.md", "Sources/MoviesClient.swift", "Sources/MoviesKeys.swift",
            "Sources/MoviesOperations.swift", "Sources/Operations/CreateMovieMutation.swift",
            "Sources/Operations/GetMovieByKeyQuery.swift", "Sources/Operations/ListMoviesByGenreQuery.swift",
        ])

        let (buildStatus, buildOutput) = try sample.swift("build")
        XCTAssertEqual(buildStatus, 0, buildOutput)
        XCTAssertTrue(buildOutput.contains("sdkgen: Data Connect sources of MoviesApp"), buildOutput)
        let (status, output) = try sample.run("MoviesApp")
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(output, "ListMoviesByGenre: Alien\nconnector: movies\n")

        // sdkgen reads sdkgen.json at every build, so an edit counts although SwiftPM does not ask
        // the plugin again; a target without the file gets the plugin's own error.
        try sample.write("Sources/MoviesApp/sdkgen.json", #"{"project": "../../dataconnect", "connector": "movis"}"#)
        let (editedStatus, editedOutput) = try sample.swift("build")
        XCTAssertNotEqual(editedStatus, 0)
        XCTAssertTrue(editedOutput.contains("Sources/MoviesApp/sdkgen.json: error: unknown connector 'movis'. Did you mean 'movies'?"),
                      editedOutput)
        try sample.remove("Sources/MoviesApp/sdkgen.json")
        let (missingStatus, missingOutput) = try sample.swift("build")
        XCTAssertNotEqual(missingStatus, 0)
        XCTAssertTrue(missingOutput.contains("error: target 'MoviesApp' applies the sdkgen plugin but has no sdkgen.json; add one beside its sources"),
                      missingOutput)
    }
}

/// A connector of many operations: its app code (`CheckManyOperations`) reads the first and the
/// last as it reads Firebase's `let`s.
enum ManyOperations {
    static let count = 120
    static let schema = "type Item @table { name: String! }"
    static let operations = (0..<count).map { "query Q\($0) @auth(level: PUBLIC) { items { name } }" }.joined(separator: "\n")
}

/// Names that collide with Swift keywords, Swift types and members of the generated code.
enum NameClashes {
    static let schema = """
        enum Kind { Type self init A _ }
        type Data @table { hash: String! encode: String kind: Kind self: String Type: String init: Int CodingKeys: String }
        type Optional @table(key: "self") { self: String! data: Data }
        """

    static let operations = """
        query Q($hash: String, $encode: String!, $self: String, $Type: String, $init: Int, $CodingKeys: String, $kind: Kind)
          @auth(level: PUBLIC) {
          datas(where: {hash: {eq: $hash}, encode: {eq: $encode}, self: {eq: $self}, Type: {eq: $Type}, init: {eq: $init},
                        CodingKeys: {eq: $CodingKeys}, kind: {eq: $kind}}) {
            id hash encode kind self Type init CodingKeys
            optionals_on_data { self data { id } }
          }
          optionals { self }
        }

        query R @auth(level: PUBLIC) {
          optionals { id: data { hash } self }
        }

        query U($_: Int!) @auth(level: PUBLIC) {
          datas(where: {init: {eq: $_}}) { _: hash }
        }

        query V($_: Kind) @auth(level: PUBLIC) {
          datas(where: {kind: {eq: $_}}) { id }
        }
        """
}
