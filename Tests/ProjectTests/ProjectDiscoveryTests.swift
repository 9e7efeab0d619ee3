import Diagnostics
import Foundation
import XCTest
@testable import Project

final class ProjectDiscoveryTests: XCTestCase {
    func testProjectFolderWithDataConnectYAML() throws {
        let tree = try TemporaryTree(minimalProject)
        let result = tree.load()
        XCTAssertEqual(tree.describe(result.diagnostics), [])
        XCTAssertEqual(result.project?.directory, tree.root)
        XCTAssertEqual(result.project?.config.serviceId, "svc")
    }

    func testRelativeProjectFolder() throws {
        let tree = try TemporaryTree(minimalProject.reduce(into: [:]) { $0["app/dc/" + $1.key] = $1.value })
        let result = ProjectLoader.load(projectDirectory: "app/./dc", currentDirectory: tree.root)
        XCTAssertEqual(tree.describe(result.diagnostics), [])
        XCTAssertEqual(result.project?.directory, tree.root + "/app/dc")
        XCTAssertEqual(result.project?.schemaFiles.map(\.path), [tree.root + "/app/dc/schema/schema.gql"])
    }

    func testFirebaseRootWithObjectEntry() throws {
        var files = minimalProject.reduce(into: [String: String]()) { $0["dataconnect/" + $1.key] = $1.value }
        files["firebase.json"] = #"{"dataconnect": {"source": "dataconnect"}, "hosting": {}}"#
        let tree = try TemporaryTree(files)
        let result = tree.load()
        XCTAssertEqual(tree.describe(result.diagnostics), [])
        XCTAssertEqual(result.project?.directory, tree.root + "/dataconnect")
        XCTAssertEqual(result.project?.connectors.first?.config.connectorId, "movies")
    }

    func testFirebaseRootWithArrayEntry() throws {
        var files = minimalProject.reduce(into: [String: String]()) { $0["backend/fdc/" + $1.key] = $1.value }
        files["firebase.json"] = #"{"dataconnect": [{"source": "./backend/fdc"}]}"#
        let tree = try TemporaryTree(files)
        let result = tree.load()
        XCTAssertEqual(tree.describe(result.diagnostics), [])
        XCTAssertEqual(result.project?.directory, tree.root + "/backend/fdc")
    }

    func testFirebaseJSONWithSeveralServicesIsAnError() throws {
        let tree = try TemporaryTree(["firebase.json": #"{"dataconnect": [{"source": "a"}, {"source": "b"}]}"#])
        let result = tree.load()
        XCTAssertNil(result.project)
        XCTAssertEqual(tree.describe(result.diagnostics), [
            "firebase.json: error: firebase.json lists 2 Data Connect services (a, b); pass --project with the folder of one of them",
        ])
    }

    func testFirebaseJSONErrors() throws {
        let missing = try TemporaryTree(["firebase.json": #"{"dataconnect": {"source": "nowhere"}}"#])
        XCTAssertEqual(missing.describe(missing.load().diagnostics), [
            "firebase.json: error: firebase.json names the Data Connect source \"nowhere\", but nowhere/dataconnect.yaml does not exist",
        ])
        let noSource = try TemporaryTree(["firebase.json": #"{"dataconnect": [{"src": "x"}]}"#])
        XCTAssertEqual(noSource.describe(noSource.load().diagnostics), [
            "firebase.json: error: every \"dataconnect\" entry in firebase.json needs a \"source\" folder",
        ])
        let empty = try TemporaryTree(["firebase.json": #"{"dataconnect": []}"#])
        XCTAssertEqual(empty.describe(empty.load().diagnostics), [
            "firebase.json: error: \"dataconnect\" in firebase.json lists no service",
        ])
        let broken = try TemporaryTree(["firebase.json": "{not json"])
        XCTAssertEqual(broken.describe(broken.load().diagnostics), ["firebase.json: error: firebase.json is not a JSON object"])
    }

    func testCurrentFolderWithoutProjectOption() throws {
        let tree = try TemporaryTree(minimalProject)
        let result = ProjectLoader.load(projectDirectory: nil, currentDirectory: tree.root)
        XCTAssertEqual(tree.describe(result.diagnostics), [])
        XCTAssertEqual(result.project?.directory, tree.root)
    }

    func testDataConnectSubfolderWithoutProjectOption() throws {
        let tree = try TemporaryTree(minimalProject.reduce(into: [:]) { $0["dataconnect/" + $1.key] = $1.value })
        let result = ProjectLoader.load(projectDirectory: nil, currentDirectory: tree.root)
        XCTAssertEqual(tree.describe(result.diagnostics), [])
        XCTAssertEqual(result.project?.directory, tree.root + "/dataconnect")
    }

    func testFirebaseJSONWithoutDataConnectFallsBackToSubfolder() throws {
        var files = minimalProject.reduce(into: [String: String]()) { $0["dataconnect/" + $1.key] = $1.value }
        files["firebase.json"] = #"{"hosting": {}}"#
        let tree = try TemporaryTree(files)
        XCTAssertEqual(ProjectLoader.load(projectDirectory: nil, currentDirectory: tree.root).project?.directory, tree.root + "/dataconnect")
    }

    func testNothingFoundListsWhereItLooked() throws {
        let tree = try TemporaryTree(["README.md": "hi"])
        let result = ProjectLoader.load(projectDirectory: nil, currentDirectory: tree.root)
        XCTAssertNil(result.project)
        XCTAssertEqual(tree.describe(result.diagnostics), [
            "error: no Data Connect project found; looked for dataconnect.yaml, firebase.json, dataconnect/dataconnect.yaml (pass --project with the folder holding dataconnect.yaml)",
        ])
        let withOption = tree.load()
        XCTAssertEqual(tree.describe(withOption.diagnostics), [
            "error: no Data Connect project found; looked for dataconnect.yaml, firebase.json (pass --project with the folder holding dataconnect.yaml)",
        ])
    }

    func testMissingProjectFolder() throws {
        let tree = try TemporaryTree([:])
        let result = tree.load(project: "missing")
        XCTAssertNil(result.project)
        XCTAssertEqual(tree.describe(result.diagnostics), ["error: project folder missing does not exist"])
    }
}

/// Issue #21 item 7: `--project` may name the `dataconnect.yaml` file itself.
extension ProjectDiscoveryTests {
    func testProjectOptionNamingDataConnectYAMLMeansItsFolder() throws {
        let tree = try TemporaryTree(minimalProject.reduce(into: [:]) { $0["app/dc/" + $1.key] = $1.value })
        for argument in ["app/dc/dataconnect.yaml", "./app/dc/./dataconnect.yaml", tree.root + "/app/dc/dataconnect.yaml"] {
            let result = ProjectLoader.load(projectDirectory: argument, currentDirectory: tree.root)
            XCTAssertEqual(tree.describe(result.diagnostics), [], argument)
            XCTAssertEqual(result.project?.directory, tree.root + "/app/dc", argument)
            XCTAssertEqual(ProjectDiscovery.folder(named: argument, currentDirectory: tree.root), tree.root + "/app/dc", argument)
        }
        XCTAssertEqual(ProjectDiscovery.folder(named: "app/dc", currentDirectory: tree.root), tree.root + "/app/dc")
    }

    func testProjectOptionNamingAnyOtherFileIsAnError() throws {
        var files = minimalProject
        files["other.yaml"] = "serviceId: x\n"
        let tree = try TemporaryTree(files)
        for name in ["other.yaml", "connector/connector.yaml", "schema/schema.gql"] {
            let result = tree.load(project: name)
            XCTAssertNil(result.project)
            XCTAssertEqual(tree.describe(result.diagnostics),
                           ["error: --project names the file \(name); pass the folder holding dataconnect.yaml, or dataconnect.yaml itself"])
        }
        let missing = tree.load(project: "nowhere/dataconnect.yaml")
        XCTAssertEqual(tree.describe(missing.diagnostics), ["error: project folder nowhere/dataconnect.yaml does not exist"])
    }
}
