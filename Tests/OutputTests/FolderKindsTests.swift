import Diagnostics
import Foundation
@testable import Output
import TestSupport
import XCTest

/// The one writer serves every kind of folder (`FolderOwnership`): the user's files of `sdkgen
/// init`, and the derived folder of `sdkgen schema`, besides packages.
final class FolderKindsTests: XCTestCase {
    private func write(_ folder: String, _ files: [String: String], _ ownership: FolderOwnership) -> WriteResult {
        OutputWriter.write(OutputPlan(packages: [RenderedPackage(directory: folder, files: files.mapValues(GeneratedText.init), ownership: ownership)]))
    }

    func testUserFilesAreCreatedOnlyWhereNothingIsAndAllOrNothing() throws {
        let folder = try TemporaryFolder(files: ["b.txt": "mine\n"])
        let refused = write(folder.path, ["a/new.txt": "new\n", "b.txt": "theirs\n"], .user(edits: [:]))
        XCTAssertEqual(refused.diagnostics.map(\.message), ["cannot create '\(folder.url("b.txt"))': it already exists, and sdkgen never overwrites a file of yours"])
        XCTAssertEqual(folder.allFiles(), ["b.txt"])
        XCTAssertEqual(folder.read("b.txt"), "mine\n")

        XCTAssertEqual(write(folder.path, ["a/new.txt": "new\n"], .user(edits: [:])).diagnostics, [])
        XCTAssertEqual(folder.read("a/new.txt"), "new\n")
        XCTAssertEqual(folder.allFiles(), ["a/new.txt", "b.txt"], "no manifest among the user's files")
    }

    func testAnExclusiveCreateNeverReplacesAFileThatAppearedMeanwhile() throws {
        let folder = try TemporaryFolder(files: ["b.txt": "mine\n"])
        XCTAssertThrowsError(try Disk.create(folder.url("b.txt"), with: "theirs\n")) { error in
            XCTAssertEqual((error as? FileSystemError)?.reason, "it already exists, and sdkgen never overwrites a file of yours")
        }
        XCTAssertEqual(folder.read("b.txt"), "mine\n")
    }

    func testAnEditReplacesOnlyTheBytesItWasComputedFromAndKeepsPermissions() throws {
        let folder = try TemporaryFolder(files: ["c.yaml": "connectorId: a\n"])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder.url("c.yaml"))
        let stale = write(folder.path, ["c.yaml": "x\n"], .user(edits: ["c.yaml": Array("connectorId: b\n".utf8)]))
        XCTAssertEqual(stale.diagnostics.map(\.message), ["cannot replace '\(folder.url("c.yaml"))': it changed while sdkgen was editing it; run the command again"])
        XCTAssertEqual(stale.diagnostics.map(\.id), [.outputChangedDuringRun])
        XCTAssertEqual(folder.read("c.yaml"), "connectorId: a\n")

        let edit = write(folder.path, ["c.yaml": "connectorId: a\ngenerate:\n"], .user(edits: ["c.yaml": Array("connectorId: a\n".utf8)]))
        XCTAssertEqual(edit.diagnostics, [])
        XCTAssertEqual(folder.read("c.yaml"), "connectorId: a\ngenerate:\n")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: folder.url("c.yaml"))[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(folder.allFiles(), ["c.yaml"])
    }

    /// A derived folder (the emulator's schema folder) has its unmarked files at generated paths
    /// replaced; a generated folder refuses them. Both keep a manifest, so a file no longer
    /// generated goes.
    func testDerivedFoldersReplaceUnmarkedFilesAndBothDeleteStaleOnes() throws {
        let folder = try TemporaryFolder(files: ["s/b.gql": "type Emulator\n", "g/b.gql": "type Mine\n"])
        let files = ["a.gql": "# \(marker)\na\n", "b.gql": "# \(marker)\nb\n"]
        XCTAssertEqual(write(folder.url("s"), files, .derived).diagnostics, [])
        XCTAssertEqual(folder.read("s/b.gql"), files["b.gql"])
        XCTAssertEqual(write(folder.url("g"), files, .generated).diagnostics.map(\.id), [.outputNotGenerated])
        XCTAssertEqual(write(folder.url("g"), files, .generated).diagnostics.map(\.message),
                       ["cannot overwrite '\(folder.url("g/b.gql"))': sdkgen did not generate it (no '\(OwnershipMarker.text)' line); move or delete it"])
        XCTAssertEqual(folder.read("g/b.gql"), "type Mine\n")

        let fewer = write(folder.url("s"), ["a.gql": files["a.gql"]!], .derived)
        XCTAssertEqual(fewer.summary.deleted, [folder.url("s/b.gql")])
        XCTAssertEqual(folder.allFiles(), ["g/b.gql", "s/.sdkgen-manifest", "s/a.gql"])
    }

    /// An output folder below a file is refused while planning, before anything is written.
    func testAFolderBelowAFileIsRefusedBeforeWriting() throws {
        let folder = try TemporaryFolder(files: ["notes.txt": "mine\n"])
        let result = write(folder.url("notes.txt/out"), ["a.gql": "# \(marker)\n"], .generated)
        XCTAssertEqual(result.diagnostics.map(\.message),
                       ["output folder '\(folder.url("notes.txt/out"))' cannot be created: '\(folder.url("notes.txt"))' exists but is not a folder"])
        XCTAssertEqual(folder.allFiles(), ["notes.txt"])
    }

    func testFailedAtomicWriteLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("target/inner.txt", "a folder where the file should go")
        XCTAssertThrowsError(try Disk.replace(folder.url("target"), with: "x"))
        XCTAssertEqual(folder.allFiles(), ["target/inner.txt"])
    }

    func testOwnershipMarkerIsFoundInTheFirstLinesOnly() {
        XCTAssertTrue(OwnershipMarker.isPresent(in: Array("\(marker)\n".utf8)))
        XCTAssertTrue(OwnershipMarker.isPresent(in: Array("<!-- Code generated by sdkgen. DO NOT EDIT. -->".utf8)))
        XCTAssertTrue(OwnershipMarker.isPresent(in: Array("1\n2\n3\n4\n\(marker)\n".utf8)))
        XCTAssertFalse(OwnershipMarker.isPresent(in: Array("1\n2\n3\n4\n5\n\(marker)\n".utf8)))
        XCTAssertFalse(OwnershipMarker.isPresent(in: Array("// Code generated by another tool\n".utf8)))
        XCTAssertFalse(OwnershipMarker.isPresent(in: []))
    }
}
