import CLI
import Foundation
import TestSupport
import XCTest

/// `sdkgen generate` skipping every stage when its run record shows that nothing changed.
final class RunRecordIntegrationTests: XCTestCase {
    private static let skipped = " (nothing changed since the last run)\n"

    func testUnchangedProjectSkipsTheStagesUntilSomethingChanges() throws {
        let project = try MoviesProject()
        let cache = try TemporaryFolder()
        let environment = ["SDKGEN_CACHE_DIR": cache.path]
        func generate(_ extra: [String] = []) -> CapturedRun {
            let run = CapturedRun(["generate"] + extra, in: project.path, environment: environment)
            XCTAssertEqual(run.status, .success, run.errors)
            return run
        }

        let first = generate(["--verbose"])
        XCTAssertFalse(first.output.hasSuffix(Self.skipped), "first run")
        XCTAssertTrue(first.errors.hasPrefix("note: running every stage: no run record for these arguments yet\n"), first.errors)
        XCTAssertEqual(cache.allFiles(), [], "a run that wrote files is recorded by the next run")
        // Files younger than the file systems' time granularity are not trusted by their stat.
        Thread.sleep(forTimeInterval: Double(2) + 0.2)
        XCTAssertFalse(generate().output.hasSuffix(Self.skipped), "second run, which finds the output current")
        XCTAssertEqual(cache.allFiles().count, 1)
        // A record that keeps making runs skip is marked used, so that pruning keeps it.
        let recordPath = cache.url(try XCTUnwrap(cache.allFiles().first))
        let monthAgo = Date(timeIntervalSinceNow: -40 * 86_400)
        try FileManager.default.setAttributes([.modificationDate: monthAgo], ofItemAtPath: recordPath)

        let skipped = generate(["--verbose"])
        let marked = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: recordPath)[.modificationDate] as? Date)
        XCTAssertGreaterThan(marked.timeIntervalSinceNow, -60, "the skipped run marked the record used")
        XCTAssertTrue(skipped.output.hasPrefix("generated 1 package: 0 written, 9 unchanged, 0 deleted in "), skipped.output)
        XCTAssertTrue(skipped.output.hasSuffix(Self.skipped), skipped.output)
        XCTAssertTrue(skipped.errors.hasPrefix("timing: up-to-date check of "), skipped.errors)
        let check = CapturedRun(["generate", "--check"], in: project.path, environment: environment)
        XCTAssertEqual(check.output, "Generated code is up to date (1 package).\n")
        XCTAssertEqual(check.status, .success)
        let uncached = generate(["--no-cache", "--verbose"])
        XCTAssertFalse(uncached.output.hasSuffix(Self.skipped), "--no-cache runs every stage")
        XCTAssertTrue(uncached.errors.hasPrefix("note: running every stage: --no-cache\n"), uncached.errors)

        // Another set of arguments has its own record.
        XCTAssertFalse(generate(["--connector", "movies"]).output.hasSuffix(Self.skipped))

        // A hand-edited generated file is put right by a full run.
        let file = project.generated("Sources/MoviesKeys.swift")
        let generatedText = try XCTUnwrap(project.folder.read(file))
        try project.folder.write(file, generatedText + "// edited\n")
        let repaired = generate(["--verbose"])
        XCTAssertTrue(repaired.errors.hasPrefix("note: running every stage: generated '\(file)' changed or is missing\n"), repaired.errors)
        XCTAssertTrue(repaired.output.hasPrefix("generated 1 package: 1 written,"), repaired.output)
        XCTAssertEqual(project.folder.read(file), generatedText)

        // So is an edited input.
        try project.edit("connector/queries.gql", replacing: "query ListMoviesByGenre", with: "query ListAllMoviesByGenre")
        let edited = generate()
        XCTAssertFalse(edited.output.hasSuffix(Self.skipped), edited.output)
        XCTAssertTrue(project.folder.exists(project.generated("Sources/Operations/ListAllMoviesByGenreQuery.swift")))
    }

    func testSkippedRunPrintsTheWarningsAgain() throws {
        let project = try MoviesProject()
        try project.edit("connector/connector.yaml", replacing: "generate:\n", with: "generate:\n  dart:\n    outputDir: x\n")
        let cache = try TemporaryFolder()
        let environment = ["SDKGEN_CACHE_DIR": cache.path]
        XCTAssertEqual(CapturedRun(["generate"], in: project.path, environment: environment).status, .success)
        Thread.sleep(forTimeInterval: Double(2) + 0.2)
        let full = CapturedRun(["generate"], in: project.path, environment: environment)
        XCTAssertTrue(full.errors.contains("warning: unknown key \"dart\" in generate"), full.errors)
        let skipped = CapturedRun(["generate"], in: project.path, environment: environment)
        XCTAssertTrue(skipped.output.hasSuffix(Self.skipped), skipped.output)
        XCTAssertEqual(skipped.errors, full.errors)
        // Colored output is recorded apart, so neither replays the other's escape codes.
        let colored = CapturedRun(["generate"], in: project.path, environment: environment, color: true)
        XCTAssertFalse(colored.output.hasSuffix(Self.skipped), colored.output)
        XCTAssertNotEqual(colored.errors, full.errors)
    }

    func testFailedRunRemovesTheRecord() throws {
        let project = try MoviesProject()
        let cache = try TemporaryFolder()
        let environment = ["SDKGEN_CACHE_DIR": cache.path]
        XCTAssertEqual(CapturedRun(["generate"], in: project.path, environment: environment).status, .success)
        try cache.write("runs/placeholder.record", "")
        try project.folder.write("connector/queries.gql", "query {")
        let failed = CapturedRun(["generate"], in: project.path, environment: environment)
        XCTAssertEqual(failed.status, .failure)
        XCTAssertEqual(cache.allFiles(), ["runs/placeholder.record"], "only the run's own record is removed, and it had none")
    }

    func testUnusableCacheFolderOnlyCostsTheSkip() throws {
        let project = try MoviesProject()
        let cache = try TemporaryFolder(files: ["not-a-folder": "x"])
        let environment = ["SDKGEN_CACHE_DIR": cache.url("not-a-folder")]
        XCTAssertEqual(CapturedRun(["generate"], in: project.path, environment: environment).status, .success)
        Thread.sleep(forTimeInterval: Double(2) + 0.2)
        for _ in 0..<2 {
            let run = CapturedRun(["generate"], in: project.path, environment: environment)
            XCTAssertEqual(run.status, .success, run.errors)
            XCTAssertEqual(run.errors, "", "a cache that cannot be written is not the user's problem")
            XCTAssertFalse(run.output.hasSuffix(Self.skipped), run.output)
        }
    }

    func testNoCacheFolderMeansNoRecords() throws {
        let project = try MoviesProject()
        // The in-process runs of the other tests pass no HOME: nothing is written outside the project.
        let run = CapturedRun(["generate"], in: project.path, environment: [:])
        XCTAssertEqual(run.status, .success, run.errors)
        XCTAssertFalse(run.output.hasSuffix(Self.skipped))
    }
}
