import Diagnostics
import Project
import Setup
import TestSupport
import XCTest

final class ConnectorEditTests: XCTestCase {
    private func project() throws -> (TemporaryFolder, Project) {
        let folder = try TemporaryFolder(files: [
            "dataconnect.yaml": "serviceId: s\nschema:\n  source: ./schema\nconnectorDirs: [./c]\n",
            "schema/schema.gql": "type A @table { a: Int }\n",
            "c/connector.yaml": "connectorId: c # the only connector\n",
            "c/queries.gql": "query Q @auth(level: PUBLIC) { as { a } }\n",
        ])
        let loaded = ProjectLoader.load(directory: folder.path)
        XCTAssertEqual(loaded.diagnostics, [])
        return (folder, try XCTUnwrap(loaded.project))
    }

    func testEditIsTheOriginalPlusTheInsertions() throws {
        let (folder, project) = try project()
        let connector = try XCTUnwrap(project.connectors.first)
        let edit = try ConnectorEdit.adding(SwiftSDKEntry(outputDir: "out", package: "CSDK"), to: connector, in: project)
        XCTAssertEqual(edit.path, folder.url("c/connector.yaml"))
        XCTAssertEqual(edit.original, Array("connectorId: c # the only connector\n".utf8))
        XCTAssertEqual(String(decoding: edit.edited, as: UTF8.self),
                       "connectorId: c # the only connector\ngenerate:\n  swiftSdk:\n    outputDir: out\n    package: CSDK\n    observablePublisher: observableMacro\n")
        XCTAssertEqual(edit.insertions.map(\.offset), [edit.original.count])
        XCTAssertEqual(folder.read("c/connector.yaml"), "connectorId: c # the only connector\n", "nothing is written")
    }

    /// An entry the loader would not read back as written is refused before anything is written.
    func testEntryThatDoesNotReadBackIsRefusedWithTheLinesToAddByHand() throws {
        let (_, project) = try project()
        let connector = try XCTUnwrap(project.connectors.first)
        XCTAssertThrowsError(try ConnectorEdit.adding(SwiftSDKEntry(outputDir: "a\u{0}b", package: "CSDK"), to: connector, in: project)) { error in
            XCTAssertEqual((error as? DiagnosticError)?.diagnostics.map(\.id), [.initUnsupportedLayout])
            let message = (error as? DiagnosticError)?.diagnostics.first?.message ?? "\(error)"
            XCTAssertTrue(message.hasPrefix("cannot add the swiftSdk entry without rewriting this file's layout; add these lines by hand:\ngenerate:\n  swiftSdk:\n    outputDir: \"a\\x00b\"\n"), message)
        }
    }
}
