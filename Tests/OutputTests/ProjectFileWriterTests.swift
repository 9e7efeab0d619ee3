import Output
import TestSupport
import XCTest

final class ProjectFileWriterTests: XCTestCase {
    func testCreateWritesNothingWhenAnyFileExists() throws {
        let folder = try TemporaryFolder(files: ["b.txt": "mine\n"])
        XCTAssertThrowsError(try ProjectFileWriter.create([(folder.url("a/new.txt"), "new\n"), (folder.url("b.txt"), "theirs\n")])) { error in
            XCTAssertEqual(error as? FileSystemError, FileSystemError(path: folder.url("b.txt"), reason: "it already exists, and sdkgen init never overwrites a file"))
        }
        XCTAssertEqual(folder.allFiles(), ["b.txt"])
        XCTAssertEqual(folder.read("b.txt"), "mine\n")
        try ProjectFileWriter.create([(folder.url("a/new.txt"), "new\n")])
        XCTAssertEqual(folder.read("a/new.txt"), "new\n")
    }

    func testUpdateOnlyReplacesTheExpectedBytesAndKeepsPermissions() throws {
        let folder = try TemporaryFolder(files: ["c.yaml": "connectorId: a\n"])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder.url("c.yaml"))
        XCTAssertThrowsError(try ProjectFileWriter.update(folder.url("c.yaml"), from: Array("connectorId: b\n".utf8), to: "x\n")) { error in
            XCTAssertEqual((error as? FileSystemError)?.reason, "it changed while sdkgen init was editing it; run sdkgen init again")
        }
        XCTAssertEqual(folder.read("c.yaml"), "connectorId: a\n")
        try ProjectFileWriter.update(folder.url("c.yaml"), from: Array("connectorId: a\n".utf8), to: "connectorId: a\ngenerate:\n")
        XCTAssertEqual(folder.read("c.yaml"), "connectorId: a\ngenerate:\n")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: folder.url("c.yaml"))[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(folder.allFiles(), ["c.yaml"])
    }
}
