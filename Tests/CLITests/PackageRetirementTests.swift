import CLI
import CLITestSupport
import Foundation
import TestSupport
import XCTest

/// Issue #32 item 2: a package is deleted only when its `swiftSdk` entry is gone from a
/// `connector.yaml` that loaded without warnings; a misspelt entry must not delete it.
final class PackageRetirementTests: XCTestCase {
    private static let generateBlock = "generate:\n  swiftSdk:\n    outputDir: ../generated\n    package: MoviesSDK\n"

    /// Every file of the generated package with its text.
    private func packageFiles(_ project: MoviesProject) -> [String] {
        project.folder.allFiles().filter { $0.hasPrefix(MoviesProject.packageFolder + "/") }.map { $0 + ":" + (project.folder.read($0) ?? "") }
    }

    private func generated() throws -> (MoviesProject, [String]) {
        let project = try MoviesProject()
        let first = CapturedRun(["generate"], in: project.path)
        XCTAssertEqual(first.status, .success, first.errors)
        let files = packageFiles(project)
        XCTAssertEqual(files.count, MoviesProject.generatedFiles.count)
        return (project, files)
    }

    func testMisspeltSwiftSdkIsAnErrorAtTheKeyAndDeletesNothing() throws {
        let (project, before) = try generated()
        try project.edit("connector/connector.yaml", replacing: "  swiftSdk:", with: "  swiftSDK:")
        let at = try project.location(of: "swiftSDK", in: "connector/connector.yaml")

        let run = CapturedRun(["generate"], in: project.path)
        XCTAssertEqual(run.status, .failure)
        XCTAssertEqual(run.output, "")
        XCTAssertTrue(run.errors.hasPrefix("""
            connector/connector.yaml:\(at.line):\(at.column): error: unknown key "swiftSDK" in generate; did you mean "swiftSdk"? [config.unknown-key]
                \(at.line) |   swiftSDK:
            """), run.errors)
        XCTAssertEqual(packageFiles(project), before)
    }

    /// A key like no known one only warns, and the package it may stand for stays, in a write
    /// and in `--check`.
    func testFarOffUnknownKeyWarnsAndKeepsThePackage() throws {
        let (project, before) = try generated()
        try project.edit("connector/connector.yaml", replacing: "  swiftSdk:", with: "  appleClient:")

        let run = CapturedRun(["generate"], in: project.path)
        XCTAssertEqual(run.status, .success, run.errors)
        XCTAssertTrue(run.errors.contains("warning: unknown key \"appleClient\" in generate; sdkgen ignores it"), run.errors)
        XCTAssertTrue(run.output.contains("0 deleted"), run.output)
        XCTAssertEqual(packageFiles(project), before)
        let check = CapturedRun(["generate", "--check"], in: project.path)
        XCTAssertEqual(check.status, .success, check.output + check.errors)
        XCTAssertEqual(packageFiles(project), before)
    }

    /// The package of an entry removed from a clean `connector.yaml` is deleted, also after a run
    /// that kept it because of a warning.
    func testRemovedEntryRetiresThePackage() throws {
        for interim in [nil, "generate:\n  appleClient: {}\n"] {
            let (project, _) = try generated()
            var block = Self.generateBlock
            if let interim {
                try project.edit("connector/connector.yaml", replacing: block, with: interim)
                block = interim
                XCTAssertEqual(CapturedRun(["generate"], in: project.path).status, .success)
                XCTAssertEqual(packageFiles(project).count, MoviesProject.generatedFiles.count)
            }
            try project.edit("connector/connector.yaml", replacing: block, with: "")

            let run = CapturedRun(["generate"], in: project.path)
            XCTAssertEqual(run.status, .success, run.errors)
            XCTAssertTrue(run.output.contains("0 written, 0 unchanged, \(MoviesProject.generatedFiles.count) deleted"), run.output)
            XCTAssertEqual(packageFiles(project), [], interim ?? "no interim run")
        }
    }
}
