import CLITestSupport
import Foundation
import TestSupport
import XCTest

/// `Examples/LinuxMovies` commits the package sdkgen generated from its `dataconnect/` project; it
/// must be what sdkgen generates today. (GeneratedPackageCompileTests builds and runs the example.)
final class LinuxExampleTests: XCTestCase {
    private static let project = "Examples/LinuxMovies/dataconnect"
    private static let package = "Examples/LinuxMovies/Generated/MoviesSDK"

    func testCommittedPackageIsCurrent() {
        let run = CapturedRun(["generate", "--check", "--project", Self.project], in: SharedFolder.packageRoot.path)
        XCTAssertEqual(run.status, .success, run.output + run.errors)
        XCTAssertEqual(run.output, "Generated code is up to date (1 package).\n")
        XCTAssertEqual(run.errors, "")
    }

    /// The package builds on Linux because it depends on the portable runtime of this checkout.
    func testPackageDependsOnThisCheckoutsPortableRuntime() throws {
        let root = SharedFolder.packageRoot
        let manifest = try String(contentsOf: root.appendingPathComponent(Self.package + "/Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(#".package(name: "sdkgen", path: "../../../..")"#), manifest)
        XCTAssertFalse(manifest.contains("firebase"), manifest)
        let runtime = root.appendingPathComponent(Self.package + "/../../../..").standardizedFileURL
        XCTAssertEqual(runtime.path, root.standardizedFileURL.path)
    }
}
