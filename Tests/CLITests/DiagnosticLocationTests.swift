import CLI
import CLITestSupport
import Foundation
import TestSupport
import XCTest

/// Issue #21 item 7: an error about a name points at the key or operation that wrote the name, not
/// at the `swiftSdk` entry (whose first line is `outputDir:`).
final class DiagnosticLocationTests: XCTestCase {
    private func errors(after edit: (MoviesProject) throws -> Void) throws -> (MoviesProject, String) {
        let project = try MoviesProject()
        try edit(project)
        let run = CapturedRun(["generate"], in: project.path)
        XCTAssertEqual(run.status, .failure)
        XCTAssertFalse(run.errors.contains("outputDir"), run.errors)
        return (project, run.errors)
    }

    func testConnectorIdThatFormsNoSwiftNamePointsAtConnectorId() throws {
        let (project, errors) = try errors { try $0.edit("connector/connector.yaml", replacing: "connectorId: movies", with: "connectorId: 9movies") }
        let at = try project.location(of: "9movies", in: "connector/connector.yaml")
        XCTAssertTrue(errors.hasPrefix("""
            connector/connector.yaml:\(at.line):\(at.column): error: connector id '9movies' does not form a Swift type name (got '9moviesConnector') [emit.connector-name]
                \(at.line) | connectorId: 9movies
            """), errors)
    }

    func testKeywordPackageNamePointsAtPackage() throws {
        let (project, errors) = try errors { try $0.edit("connector/connector.yaml", replacing: "package: MoviesSDK", with: "package: class") }
        let at = try project.location(of: "class", in: "connector/connector.yaml")
        XCTAssertTrue(errors.hasPrefix("connector/connector.yaml:\(at.line):\(at.column): error: swiftSdk package 'class' is not a valid package name"),
                      errors)
    }

    func testOperationNameClashPointsAtTheSecondOperationWithANoteAtTheFirst() throws {
        let (project, errors) = try errors {
            try $0.append("connector/queries.gql", "\nquery ListAll @auth(level: PUBLIC) { movies { id } }\nquery listAll @auth(level: PUBLIC) { movies { id } }\n")
        }
        let first = try project.location(of: "ListAll", in: "connector/queries.gql")
        let second = try project.location(of: "listAll", in: "connector/queries.gql")
        XCTAssertTrue(errors.hasPrefix("""
            connector/queries.gql:\(second.line):\(second.column): error: query 'listAll' and query 'ListAll' would both be generated as Swift type 'ListAllQuery'
            """), errors)
        XCTAssertTrue(errors.contains("connector/queries.gql:\(first.line):\(first.column): note: query 'ListAll' is declared here\n"), errors)
    }

    /// Issue #32: a package name too long for a folder name was reported at `outputDir:`.
    func testPackageNameTooLongForAFolderPointsAtPackage() throws {
        let name = String(repeating: "M", count: 256)
        let (project, errors) = try errors { try $0.edit("connector/connector.yaml", replacing: "package: MoviesSDK", with: "package: \(name)") }
        let at = try project.location(of: name, in: "connector/connector.yaml")
        XCTAssertTrue(errors.hasPrefix("connector/connector.yaml:\(at.line):\(at.column): error: \"package\" is 256 bytes long"), errors)
    }

    /// Issue #32: an enum value that the Swift SDK reserves was reported at `outputDir:`.
    func testReservedEnumValuePointsAtTheValueInTheSchema() throws {
        let (project, errors) = try errors { try $0.append("schema/schema.gql", "\nenum Mood {\n  HAPPY\n  _UNKNOWN\n}\n") }
        let at = try project.location(of: "_UNKNOWN", in: "schema/schema.gql")
        XCTAssertTrue(errors.hasPrefix("""
            schema/schema.gql:\(at.line):\(at.column): error: enum 'Mood' has a value named '_UNKNOWN', which the Swift SDK uses for unknown values [emit.reserved-enum-value]
                \(at.line) |   _UNKNOWN
            """), errors)
    }

    /// Issue #32: a folder listed twice in connectorDirs was reported twice at `connectorId`.
    func testFolderListedTwiceInConnectorDirsPointsAtTheSecondEntry() throws {
        let (project, errors) = try errors {
            try $0.edit("dataconnect.yaml", replacing: #"connectorDirs: ["./connector"]"#, with: #"connectorDirs: ["./connector", "connector"]"#)
        }
        let first = try project.location(of: #""./connector""#, in: "dataconnect.yaml")
        let second = try project.location(of: #""connector"]"#, in: "dataconnect.yaml")
        XCTAssertEqual(errors, """
            dataconnect.yaml:\(second.line):\(second.column): error: connector folder "connector" is listed twice in connectorDirs [project.connector-dir-twice]
                \(second.line) | connectorDirs: ["./connector", "connector"]
                   |                                ^~~~~~~~~~~
            dataconnect.yaml:\(first.line):\(first.column): note: it is first listed here
                \(first.line) | connectorDirs: ["./connector", "connector"]
                   |                 ^~~~~~~~~~~~~
            1 error

            """)
    }
}
