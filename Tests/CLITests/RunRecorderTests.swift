@testable import CLI
import RunRecord
import TestSupport
import XCTest

/// The words `generate --verbose` uses for why every stage runs.
final class RunRecorderTests: XCTestCase {
    func testEveryChangeIsDescribedWithDisplayPaths() {
        let display: (String) -> String = { $0.replacingOccurrences(of: "/work/app/", with: "") }
        let cases: [(RecordedChange, String)] = [
            (.tool, "sdkgen itself changed since the last run"),
            (.arguments, "the run record belongs to other arguments"),
            (.input(path: "/work/app/connector/queries.gql"), "'connector/queries.gql' changed"),
            (.listing(path: "/work/app/connector"), "files were added to or removed from 'connector'"),
            (.appeared(path: "/work/app/dataconnect.yaml"), "'dataconnect.yaml' appeared"),
            (.disappeared(path: "/work/app/schema"), "'schema' is gone"),
            (.output(path: "/work/app/gen/Package.swift"), "generated 'gen/Package.swift' changed or is missing"),
        ]
        for (change, words) in cases { XCTAssertEqual(RunRecorder.describe(change, display: display), words) }
    }

    /// `generate` gathers a record's contents (every output path) only when one can be written.
    func testRecordsOnlyWhenWritingWithACacheFolder() throws {
        let cache = try TemporaryFolder()
        let silent = Console(writeOutput: { _ in }, writeError: { _ in }, colorDiagnostics: false)
        let key = RunRecord.Key(currentDirectory: "/work/app", projectDirectory: nil, connectors: nil, colorDiagnostics: false)
        func recorder(writes: Bool, environment: [String: String]) -> RunRecorder {
            RunRecorder(reads: writes, writes: writes, key: key,
                        context: CommandContext(currentDirectory: "/work/app", environment: environment, console: silent))
        }
        XCTAssertFalse(recorder(writes: false, environment: ["SDKGEN_CACHE_DIR": cache.path]).records, "--no-cache")
        XCTAssertFalse(recorder(writes: true, environment: [:]).records, "no cache folder")
        // The test runner's identity stands in for sdkgen's; where it cannot be known, nothing is recorded either.
        let withCache = recorder(writes: true, environment: ["SDKGEN_CACHE_DIR": cache.path])
        XCTAssertEqual(withCache.records, ToolIdentity.current(version: SDKGenVersion.current) != nil)
    }
}
