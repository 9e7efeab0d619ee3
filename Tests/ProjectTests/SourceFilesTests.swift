import Diagnostics
import Foundation
import XCTest
@testable import Project

final class SourceFilesTests: XCTestCase {
    func testGraphQLFilesAreFoundRecursivelyInByteOrder() throws {
        var files = minimalProject
        files["connector/queries.gql"] = nil
        files["connector/mutations/b.gql"] = "#"
        files["connector/mutations.gql"] = "#"
        files["connector/Z.graphql"] = "#"
        files["connector/a/x.gql"] = "#"
        files["connector/notes.txt"] = "not GraphQL"
        files["connector/.hidden/h.gql"] = "#"
        files["connector/.h.gql"] = "#"
        let tree = try TemporaryTree(files)
        let result = tree.load()
        XCTAssertEqual(tree.describe(result.diagnostics), [])
        XCTAssertEqual(result.project?.connectors.first?.files.map { String($0.path.dropFirst(tree.root.count + 1)) }, [
            "connector/Z.graphql", "connector/a/x.gql", "connector/mutations.gql", "connector/mutations/b.gql",
        ])
        XCTAssertEqual(result.project?.connectors.first?.files.first?.text, "#")
    }

    func testMissingFoldersAndFilesAreErrorsAtTheYAMLValue() throws {
        var files = minimalProject
        files["dataconnect.yaml"] = "serviceId: svc\nschema:\n  source: ./schemas\nconnectorDirs:\n  - ./connector\n  - ./nowhere\n  - ./empty\n"
        let tree = try TemporaryTree(files)
        try tree.mkdir("empty")
        let result = tree.load()
        XCTAssertEqual(tree.describe(result.diagnostics), [
            "dataconnect.yaml:3:11: error: schema folder \"./schemas\" does not exist (looked at schemas)",
            "dataconnect.yaml:6:5: error: connector folder \"./nowhere\" does not exist (looked at nowhere)",
            "dataconnect.yaml:7:5: error: connector folder \"./empty\" has no connector.yaml",
        ])
        XCTAssertEqual(result.project?.connectors.map(\.config.connectorId), ["movies"])
    }

    func testEmptyFoldersWarn() throws {
        var files = minimalProject
        files["schema/schema.gql"] = nil
        files["schema/README.md"] = "no schema yet"
        files["connector/queries.gql"] = nil
        let tree = try TemporaryTree(files)
        let result = tree.load()
        XCTAssertFalse(result.hasErrors)
        XCTAssertEqual(tree.describe(result.diagnostics), [
            "dataconnect.yaml:4:11: warning: schema folder \"./schema\" has no .gql or .graphql files",
            "dataconnect.yaml:5:17: warning: connector folder \"./connector\" has no .gql or .graphql files",
        ])
    }

    func testUnreadableFilesAreErrors() throws {
        let tree = try TemporaryTree(minimalProject)
        let fileSystem = FailingFileSystem(failing: [tree.root + "/connector/queries.gql", tree.root + "/schema"])
        let result = ProjectLoader.load(projectDirectory: tree.root, currentDirectory: tree.root, fileSystem: fileSystem)
        XCTAssertTrue(Set(result.diagnostics.map(\.id)).isSuperset(of: [.projectFolderUnlistable, .projectUnreadableFile]))
        XCTAssertEqual(tree.describe(result.diagnostics), [
            "dataconnect.yaml:4:11: error: cannot list schema: injected failure",
            "dataconnect.yaml:5:17: error: cannot read connector/queries.gql: injected failure",
        ])
        let unreadableConfig = FailingFileSystem(failing: [tree.root + "/dataconnect.yaml"])
        let failed = ProjectLoader.load(directory: tree.root, fileSystem: unreadableConfig)
        XCTAssertNil(failed.project)
        XCTAssertEqual(tree.describe(failed.diagnostics), ["error: cannot read dataconnect.yaml: injected failure"])
    }

    func testErrorsInConnectorYAMLKeepTheProject() throws {
        var files = minimalProject
        files["connector/connector.yaml"] = "connectorId: movies\ngenerate: {swiftSdk: {outputDir: \"x}}\n"
        let tree = try TemporaryTree(files)
        let result = tree.load()
        XCTAssertEqual(tree.describe(result.diagnostics), ["connector/connector.yaml:2:34: error: unterminated double-quoted scalar"])
        XCTAssertEqual(result.project?.connectors.count, 0)
        XCTAssertEqual(result.project?.schemaFiles.count, 1)
    }

    func testDuplicateConnectorIds() throws {
        var files = minimalProject
        files["dataconnect.yaml"] = "serviceId: svc\nschema: {source: ./schema}\nconnectorDirs: [./connector, ./other]\n"
        files["other/connector.yaml"] = "connectorId: movies\n"
        files["other/q.gql"] = "#"
        let tree = try TemporaryTree(files)
        let result = tree.load()
        XCTAssertEqual(tree.describe(result.diagnostics), ["other/connector.yaml:1:14: error: duplicate connectorId \"movies\""])
        XCTAssertEqual(result.diagnostics.first?.notes.first?.span?.file.path, tree.root + "/connector/connector.yaml")
    }

    /// The same folder twice would load one connector twice and report its connectorId against
    /// itself; the error belongs at the list entry that repeats the folder.
    func testFolderListedTwiceInConnectorDirsIsAnErrorAtTheSecondEntry() throws {
        var files = minimalProject
        files["dataconnect.yaml"] = "serviceId: svc\nschema: {source: ./schema}\nconnectorDirs: [./connector, connector/]\n"
        let tree = try TemporaryTree(files)
        let result = tree.load()
        XCTAssertEqual(tree.describe(result.diagnostics), ["dataconnect.yaml:3:30: error: connector folder \"connector/\" is listed twice in connectorDirs"])
        XCTAssertEqual(result.diagnostics.first?.notes.first?.span?.range?.start.description, "3:17")
        XCTAssertEqual(result.project?.connectors.count, 1)
    }

}

/// The local file system, except that reading or listing the given paths fails.
private struct FailingFileSystem: ProjectFileSystem {
    struct InjectedFailure: LocalizedError {
        var errorDescription: String? { "injected failure" }
    }

    let failing: Set<String>
    private let base = LocalFileSystem()

    init(failing: Set<String>) { self.failing = failing }

    func isDirectory(_ path: String) -> Bool { base.isDirectory(path) }
    func isFile(_ path: String) -> Bool { base.isFile(path) }

    func readFile(_ path: String) throws -> [UInt8] {
        if failing.contains(path) { throw InjectedFailure() }
        return try base.readFile(path)
    }

    func listDirectory(_ path: String) throws -> DirectoryListing {
        if failing.contains(path) { throw InjectedFailure() }
        return try base.listDirectory(path)
    }
}

final class LocalFileSystemTests: XCTestCase {
    func testErrorsSayWhatWentWrong() throws {
        let tree = try TemporaryTree(["a.gql": "x", "dir/b.gql": "y"])
        let fileSystem = LocalFileSystem()
        XCTAssertEqual(try fileSystem.readFile(tree.root + "/a.gql"), Array("x".utf8))
        XCTAssertEqual(try fileSystem.listDirectory(tree.root + "/dir"), DirectoryListing(names: ["b.gql"]))
        XCTAssertThrowsError(try fileSystem.readFile(tree.root + "/missing")) {
            XCTAssertEqual($0 as? FileSystemError, FileSystemError(path: tree.root + "/missing", reason: "no such file"))
        }
        XCTAssertThrowsError(try fileSystem.readFile(tree.root + "/dir")) {
            XCTAssertEqual($0 as? FileSystemError, FileSystemError(path: tree.root + "/dir", reason: "it is a folder"))
        }
        XCTAssertThrowsError(try fileSystem.listDirectory(tree.root + "/a.gql")) {
            XCTAssertEqual($0 as? FileSystemError, FileSystemError(path: tree.root + "/a.gql", reason: "no such folder"))
        }
        let missing = ProjectLoader.load(directory: tree.root)
        XCTAssertEqual(tree.describe(missing.diagnostics), ["error: cannot read dataconnect.yaml: no such file"])
    }

    /// Files are read whole up to the size limit; larger and special files are refused instead of read.
    func testReadsWholeFilesAndRefusesSpecialFiles() throws {
        let large = String(repeating: "type Movie @table { title: String }\n", count: 5_000)
        let tree = try TemporaryTree(["large.gql": large, "empty.gql": ""])
        let fileSystem = LocalFileSystem()
        XCTAssertEqual(try fileSystem.readFile(tree.root + "/large.gql"), Array(large.utf8))
        XCTAssertEqual(try fileSystem.readFile(tree.root + "/empty.gql"), [])
        XCTAssertTrue(fileSystem.isFile(tree.root + "/large.gql"))
        XCTAssertFalse(fileSystem.isDirectory(tree.root + "/large.gql"))
        XCTAssertTrue(fileSystem.isDirectory(tree.root))
        XCTAssertFalse(fileSystem.isFile(tree.root + "/missing"))
        // Sparse: the size is all that is looked at before refusing.
        let huge = tree.root + "/huge.gql"
        XCTAssertTrue(FileManager.default.createFile(atPath: huge, contents: nil))
        XCTAssertEqual(truncate(huge, off_t(Limits.fileSize + 1)), 0)
        XCTAssertThrowsError(try fileSystem.readFile(huge)) {
            XCTAssertEqual($0 as? FileSystemError, FileSystemError(path: huge, reason: "it is larger than the 64 MB limit on input files"))
        }
        let fifo = tree.root + "/fifo.gql"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try fileSystem.readFile(fifo)) {
            XCTAssertEqual($0 as? FileSystemError, FileSystemError(path: fifo, reason: "it is not a regular file"))
        }
    }
}

/// Issue #21 item 7: an entry whose name is not UTF-8 is reported, not skipped without a word.
final class UndecodableNameTests: XCTestCase {
    private func create(_ tree: TemporaryTree, _ relative: String, name: [UInt8], folder: Bool) throws {
        let path = Array((tree.root + "/" + relative + "/").utf8) + name
        let made = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { folder ? mkdir($0.baseAddress!, 0o755) : creat($0.baseAddress!, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(made, 0)
        if !folder { _ = close(made) }
    }

    func testGraphQLFilesAndFoldersWithUndecodableNamesAreErrors() throws {
        let tree = try TemporaryTree(minimalProject)
        try create(tree, "connector", name: Array("bad".utf8) + [0xFF] + Array(".gql".utf8), folder: false)
        try create(tree, "connector", name: [0xC3, 0x28, UInt8(ascii: "\\")], folder: true)
        try create(tree, "connector", name: Array("notes".utf8) + [0xFE] + Array(".txt".utf8), folder: false)
        try create(tree, "schema", name: Array(".hidden".utf8) + [0xFF] + Array(".gql".utf8), folder: false)

        let result = tree.load()
        XCTAssertTrue(result.diagnostics.contains { $0.id == .projectFileNameNotUTF8 })
        XCTAssertEqual(tree.describe(result.diagnostics), [
            "dataconnect.yaml:5:17: error: cannot read \"\\xC3(\\x5C\" in connector: its name is not valid UTF-8; rename it",
            "dataconnect.yaml:5:17: error: cannot read \"bad\\xFF.gql\" in connector: its name is not valid UTF-8; rename it",
        ])
        XCTAssertEqual(result.project?.connectors.first?.files.count, 1, "the readable file is still read")
    }
}
