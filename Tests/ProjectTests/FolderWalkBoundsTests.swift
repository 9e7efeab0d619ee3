import Diagnostics
import Foundation
import XCTest
@testable import Project

/// Folder walks read each folder once, stay inside the project and stop at a bounded size.
final class FolderWalkBoundsTests: XCTestCase {
    /// Two links to `.` doubled the walk at every level until the depth bound: 2^32 folders.
    func testLinksBackToAFolderAreReadOnce() throws {
        let tree = try TemporaryTree(minimalProject)
        for name in ["a", "b"] {
            try FileManager.default.createSymbolicLink(atPath: tree.root + "/schema/" + name, withDestinationPath: ".")
        }
        let counting = CountingFileSystem()
        let result = ProjectLoader.load(directory: tree.root, fileSystem: counting)
        XCTAssertEqual(Set(result.diagnostics.map(\.id)), [.projectFolderReadTwice])
        XCTAssertEqual(tree.describe(result.diagnostics), [
            "dataconnect.yaml:4:11: warning: skipped schema/a: it is a folder already read under \"./schema\" (a symbolic link?)",
            "dataconnect.yaml:4:11: warning: skipped schema/b: it is a folder already read under \"./schema\" (a symbolic link?)",
        ])
        XCTAssertEqual(result.project?.schemaFiles.map { String($0.path.dropFirst(tree.root.count + 1)) }, ["schema/schema.gql"])
        XCTAssertEqual(counting.listings.value, 2, "the schema and connector folders, each once")
    }

    func testFoldersOutsideTheProjectAreRefused() throws {
        var files = minimalProject
        files["dataconnect.yaml"] = "serviceId: svc\nschema:\n  source: \"/\"\nconnectorDirs: [../elsewhere, ./a/../../b, ./connector]\n"
        let tree = try TemporaryTree(files)
        let counting = CountingFileSystem()
        let result = ProjectLoader.load(directory: tree.root, fileSystem: counting)
        XCTAssertEqual(tree.describe(result.diagnostics), [
            "dataconnect.yaml:3:11: error: schema source \"/\" is outside the project folder; write a path relative to dataconnect.yaml that stays inside it",
            "dataconnect.yaml:4:17: error: connector folder \"../elsewhere\" is outside the project folder; write a path relative to dataconnect.yaml that stays inside it",
            "dataconnect.yaml:4:31: error: connector folder \"./a/../../b\" is outside the project folder; write a path relative to dataconnect.yaml that stays inside it",
        ])
        XCTAssertEqual(result.project?.connectors.count, 1)
        XCTAssertEqual(counting.listings.value, 1, "only the connector folder inside the project is walked")
    }

    /// A tree with no end stops at the depth bound; a wide one at the entry bound, each with an error.
    func testWalkStopsAtTheEntryBound() throws {
        let endless = EndlessFileSystem()
        var diagnostics = DiagnosticCollector()
        let reader = SourceReader(fileSystem: endless)
        let config = SourceFile(path: "dataconnect.yaml", text: "source: ./schema")
        let declaration = ConfigPath(path: "./schema", span: SourceSpan(file: config, range: SourceRange(file: config, offsets: 8..<16)))
        _ = reader.graphQLFiles(in: "/p/schema", namedBy: declaration, role: "schema", diagnostics: &diagnostics)
        XCTAssertEqual(diagnostics.diagnostics.map(\.description), [
            "dataconnect.yaml:1:9: error: folders under \"./schema\" nest deeper than 32 levels (a symbolic link loop?)",
        ])
        let wide = EndlessFileSystem(width: 100, depth: 4)
        var wideDiagnostics = DiagnosticCollector()
        _ = SourceReader(fileSystem: wide).graphQLFiles(in: "/p/schema", namedBy: declaration, role: "schema", diagnostics: &wideDiagnostics)
        XCTAssertEqual(wideDiagnostics.diagnostics.map(\.id), [.projectTooManyFiles])
        XCTAssertEqual(wideDiagnostics.diagnostics.map(\.description), [
            "dataconnect.yaml:1:9: error: \"./schema\" holds more than 100000 files and folders; stopped reading it",
        ])
        XCTAssertLessThanOrEqual(wide.listings.value, SourceReader.maximumEntries)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}

/// The local file system, counting folder listings.
private struct CountingFileSystem: ProjectFileSystem {
    private let base = LocalFileSystem()
    let listings = Counter()

    func isDirectory(_ path: String) -> Bool { base.isDirectory(path) }
    func isFile(_ path: String) -> Bool { base.isFile(path) }
    func readFile(_ path: String) throws -> [UInt8] { try base.readFile(path) }
    func identity(of path: String) -> FileIdentity? { base.identity(of: path) }

    func listDirectory(_ path: String) throws -> DirectoryListing {
        listings.increment()
        return try base.listDirectory(path)
    }
}

/// Folders `depth` levels down (without end by default), `width` in each, with no inodes to tell
/// them apart.
private struct EndlessFileSystem: ProjectFileSystem {
    var width = 1
    var depth = Int.max
    let listings = Counter()

    func isDirectory(_ path: String) -> Bool { path.split(separator: "/").count - 2 < depth }
    func isFile(_ path: String) -> Bool { !isDirectory(path) }
    func readFile(_ path: String) throws -> [UInt8] { [] }

    func listDirectory(_ path: String) throws -> DirectoryListing {
        listings.increment()
        return DirectoryListing(names: (0..<width).map { "d\($0)" })
    }
}
