@testable import CLI
import RunRecord
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
}
