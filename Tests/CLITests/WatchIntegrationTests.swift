import Foundation
import TestSupport
import XCTest

/// `sdkgen generate --watch` as a user runs it: the built executable, a project being edited, Ctrl-C.
final class WatchIntegrationTests: XCTestCase {
    private var child: ChildProcess?

    override func tearDown() {
        child?.killIfRunning()
        child = nil
        super.tearDown()
    }

    func testWatchRegeneratesAfterEachEditKeepsOutputOnErrorsAndStopsOnSIGINT() throws {
        let project = try MoviesProject()
        let sdkgen = try ChildProcess(ChildProcess.builtSDKGen(besides: Self.self),
                                      arguments: ["generate", "--watch", "--interval", "50"], in: project.path)
        child = sdkgen
        let operations = project.generated("Sources/MoviesOperations.swift")
        func summaries() -> Int { sdkgen.stdout.components(separatedBy: "generated 1 package: ").count - 1 }
        func optionalReleaseYears() -> Int? {
            project.folder.read(operations).map { $0.components(separatedBy: "public var releaseYear: Int?").count - 1 }
        }

        try sdkgen.waitUntil("the first generation") { project.folder.exists(operations) && sdkgen.stdout.contains("\nwatching ") }
        XCTAssertTrue(sdkgen.stdout.hasPrefix("generated 1 package: 6 written, 0 unchanged, 0 deleted in "), sdkgen.stdout)
        XCTAssertTrue(sdkgen.stdout.contains("\nwatching 5 files every 50 ms; press Ctrl-C to stop\n"), sdkgen.stdout)
        XCTAssertEqual(optionalReleaseYears(), 1, "only GetMovieByKey selects releaseYear")

        // A field added to ListMoviesByGenre appears in its result type.
        try project.edit("connector/queries.gql", replacing: "    title\n    rating\n", with: "    title\n    rating\n    releaseYear\n")
        try sdkgen.waitUntil("the added field to be generated") { summaries() == 2 && optionalReleaseYears() == 2 }
        XCTAssertTrue(sdkgen.stdout.contains("changed: 1 modified: connector/queries.gql\ngenerated 1 package: 2 written, 4 unchanged, 0 deleted in "),
                      sdkgen.stdout)
        let good = try XCTUnwrap(project.folder.read(operations))
        try project.folder.age(operations)
        let goodDate = try project.folder.modificationDate(operations)

        // A syntax error is reported and the last good output stays.
        try project.append("connector/queries.gql", "\nquery ListAllMovies @auth(level: PUBLIC) {\n  movies { id title }\n")
        // Standard output and error are separate pipes, read on separate threads: wait for both.
        try sdkgen.waitUntil("the syntax error to be reported") {
            sdkgen.stdout.contains("errors found; the previous output is left as it was\n")
                && sdkgen.stderr.contains("connector/queries.gql:22:1: error: Syntax Error: Expected Name, found <EOF>.\n")
        }
        XCTAssertEqual(project.folder.read(operations), good)
        XCTAssertEqual(try project.folder.modificationDate(operations), goodDate)

        // Fixing it regenerates, now with the new query.
        try project.append("connector/queries.gql", "}\n")
        try sdkgen.waitUntil("the fixed query to be generated") {
            summaries() == 3 && project.folder.read(operations)?.contains("ListAllMoviesQuery") == true
        }

        // A new package name in connector.yaml moves the package and retires the old folder.
        try project.edit("connector/connector.yaml", replacing: "package: MoviesSDK", with: "package: FilmSDK")
        try sdkgen.waitUntil("the package to move to generated/FilmSDK") {
            summaries() == 4 && !project.folder.exists(MoviesProject.packageFolder)
        }
        XCTAssertTrue(sdkgen.stdout.contains("changed: 1 modified: connector/connector.yaml\ngenerated 1 package: 6 written, 0 unchanged, 6 deleted in "),
                      sdkgen.stdout)
        XCTAssertEqual(project.folder.read("generated/FilmSDK/Sources/MoviesOperations.swift")?.contains("ListAllMoviesQuery"), true)
        XCTAssertEqual(project.folder.read("generated/FilmSDK/Package.swift")?.contains("name: \"FilmSDK\""), true)

        try sdkgen.stop(with: SIGINT)
        XCTAssertEqual(sdkgen.process.terminationReason, .exit, sdkgen.stderr)
        XCTAssertEqual(sdkgen.process.terminationStatus, 0, sdkgen.stderr)
        XCTAssertTrue(sdkgen.stdout.hasSuffix("\nstopped watching\n"), sdkgen.stdout)
        XCTAssertEqual(project.folder.allFiles().filter { $0.contains(".sdkgen-tmp-") }, [])
        XCTAssertEqual(project.folder.allFiles().filter { $0.hasPrefix("generated/") },
                       MoviesProject.generatedFiles.map { "generated/FilmSDK/" + $0 }.sorted())
    }
}
