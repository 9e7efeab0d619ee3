import Diagnostics
import Foundation
import XCTest
@testable import Project

/// A throw-away folder tree for loader tests.
final class TemporaryTree {
    let root: String

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("sdkgen-project-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func mkdir(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/" + path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Loads with `--project` set to the tree's root (or `project` inside it).
    func load(project: String? = "") -> LoadResult {
        ProjectLoader.load(projectDirectory: project.map { root + ($0.isEmpty ? "" : "/" + $0) }, currentDirectory: root)
    }

    /// `path:line:col: severity: message` with paths relative to the tree.
    func describe(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { $0.description.replacingOccurrences(of: root + "/", with: "").replacingOccurrences(of: root, with: ".") }
    }
}

/// A minimal valid project: one schema file and one connector with one Swift SDK.
let minimalProject: [String: String] = [
    "dataconnect.yaml": "serviceId: svc\nlocation: us-central1\nschema:\n  source: ./schema\nconnectorDirs: [./connector]\n",
    "schema/schema.gql": "type Movie @table { title: String! }\n",
    "connector/connector.yaml": "connectorId: movies\ngenerate:\n  swiftSdk:\n    outputDir: ../out\n    package: MoviesSDK\n",
    "connector/queries.gql": "query Q { movies { id } }\n",
]

/// The `shared/corpus` folder next to the package (or next to one of its parent folders).
func corpusDirectory() throws -> URL {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
        let candidate = directory.appendingPathComponent("shared/corpus")
        if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("README.md").path) { return candidate }
        directory.deleteLastPathComponent()
    }
    throw XCTSkip("shared/corpus not found next to the package")
}

/// The package's root folder.
func packageRoot() -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
