import Diagnostics
import Foundation
import TestSupport
import XCTest
@testable import Project

/// A throw-away folder tree for loader tests.
final class TemporaryTree {
    private let folder: TemporaryFolder
    var root: String { folder.path }

    init(_ files: [String: String]) throws {
        folder = try TemporaryFolder(files: files)
    }

    func write(_ path: String, _ text: String) throws {
        try folder.write(path, text)
    }

    func mkdir(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: folder.url(path), withIntermediateDirectories: true)
    }

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
