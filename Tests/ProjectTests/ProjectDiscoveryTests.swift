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
        XCTAssertEqual(result.location, ProjectLocation(directory: tree.root))
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
        // `.git` makes the tree a repository root, so the search does not climb into TMPDIR.
        let tree = try TemporaryTree(["README.md": "hi", ".git/HEAD": "ref: refs/heads/main\n"])
        let result = ProjectLoader.load(projectDirectory: nil, currentDirectory: tree.root)
        XCTAssertNil(result.project)
        XCTAssertNil(result.location)
        XCTAssertEqual(tree.describe(result.diagnostics), [
            "error: no Data Connect project found; looked for dataconnect.yaml, firebase.json and dataconnect/dataconnect.yaml in . (pass --project with the folder holding dataconnect.yaml)",
        ])
    }

    func testNothingInTheProjectFolderGivesNoHintToPassProject() throws {
        let tree = try TemporaryTree(["README.md": "hi"])
        let withOption = tree.load()
        XCTAssertEqual(tree.describe(withOption.diagnostics), [
            "error: no Data Connect project found; looked for dataconnect.yaml and firebase.json in . (--project takes the folder holding dataconnect.yaml, that file, or a Firebase project root whose firebase.json names it)",
        ])
        XCTAssertFalse(withOption.diagnostics[0].message.contains("pass --project"))
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

/// Issue #33 item 2: without `--project`, the parent folders are searched as git searches for its
/// repository, up to a repository root, a Firebase project root or `/`.
extension ProjectDiscoveryTests {
    func testProjectInAParentFolderIsFound() throws {
        var files = minimalProject.reduce(into: [String: String]()) { $0["dataconnect/" + $1.key] = $1.value }
        files[".git/HEAD"] = "ref: refs/heads/main\n"
        let tree = try TemporaryTree(files)
        let result = ProjectLoader.load(projectDirectory: nil, currentDirectory: tree.root + "/dataconnect/connector")
        XCTAssertEqual(tree.describe(result.diagnostics), [])
        XCTAssertEqual(result.project?.directory, tree.root + "/dataconnect")
        XCTAssertEqual(result.location, ProjectLocation(directory: tree.root + "/dataconnect", isInParentFolder: true))

        // From a sibling folder, `dataconnect/` of a parent is found too.
        try tree.mkdir("ios/App")
        let sibling = ProjectLoader.load(projectDirectory: nil, currentDirectory: tree.root + "/ios/App")
        XCTAssertEqual(sibling.location, ProjectLocation(directory: tree.root + "/dataconnect", isInParentFolder: true))
    }

    func testFirebaseJSONInAParentFolderNamesTheProject() throws {
        var files = minimalProject.reduce(into: [String: String]()) { $0["backend/fdc/" + $1.key] = $1.value }
        files["firebase.json"] = #"{"dataconnect": {"source": "backend/fdc"}}"#
        files[".git/HEAD"] = "ref: refs/heads/main\n"
        let tree = try TemporaryTree(files)
        try tree.mkdir("ios/App/Sources")
        let result = ProjectLoader.load(projectDirectory: nil, currentDirectory: tree.root + "/ios/App/Sources")
        XCTAssertEqual(tree.describe(result.diagnostics), [])
        XCTAssertEqual(result.project?.directory, tree.root + "/backend/fdc")
        XCTAssertEqual(result.location, ProjectLocation(directory: tree.root + "/backend/fdc", firebaseJSON: tree.root + "/firebase.json",
                                                        isInParentFolder: true))
    }

    func testSearchStopsAtARepositoryRoot() throws {
        // The project above `app` belongs to another repository, whether `.git` is a folder or a worktree's file.
        for marker in ["app/.git/HEAD", "app/.git"] {
            var files = minimalProject
            files[marker] = "gitdir: elsewhere\n"
            let tree = try TemporaryTree(files)
            try tree.mkdir("app/Sources")
            let result = ProjectLoader.load(projectDirectory: nil, currentDirectory: tree.root + "/app/Sources")
            XCTAssertNil(result.project, marker)
            XCTAssertEqual(tree.describe(result.diagnostics), [
                "error: no Data Connect project found; looked for dataconnect.yaml, firebase.json and dataconnect/dataconnect.yaml in app/Sources "
                    + "and each parent folder up to the repository root app (pass --project with the folder holding dataconnect.yaml)",
            ], marker)
        }
    }

    func testSearchStopsAtAFirebaseProjectWithoutDataConnect() {
        let fileSystem = MemoryFileSystem(texts: ["/dataconnect.yaml": "serviceId: far\n", "/site/firebase.json": #"{"hosting": {}}"#,
                                                  "/site/public/index.html": "hi\n"])
        let result = ProjectLoader.load(projectDirectory: nil, currentDirectory: "/site/public", fileSystem: fileSystem)
        XCTAssertNil(result.project)
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "error: no Data Connect project found; looked for dataconnect.yaml, firebase.json and dataconnect/dataconnect.yaml in /site/public "
                + "and each parent folder up to /site, whose firebase.json names no Data Connect service (pass --project with the folder holding dataconnect.yaml)",
        ])
    }

    func testSearchStopsAtTheFileSystemRoot() {
        let fileSystem = MemoryFileSystem(texts: ["/home/me/app/README.md": "hi\n", "/elsewhere/dataconnect.yaml": "serviceId: s\n"])
        var diagnostics = DiagnosticCollector()
        let search = ProjectDiscovery.find(projectDirectory: nil, currentDirectory: "/home/me/app", fileSystem: fileSystem,
                                           diagnostics: &diagnostics)
        XCTAssertEqual(search, .notFound(explanation: "looked for dataconnect.yaml, firebase.json and dataconnect/dataconnect.yaml in /home/me/app "
                                            + "and each parent folder up to / (pass --project with the folder holding dataconnect.yaml)"))
        XCTAssertEqual(diagnostics.diagnostics, [])
        let atRoot = ProjectDiscovery.find(projectDirectory: nil, currentDirectory: "/", fileSystem: fileSystem, diagnostics: &diagnostics)
        XCTAssertEqual(atRoot, .notFound(explanation: "looked for dataconnect.yaml, firebase.json and dataconnect/dataconnect.yaml in / "
                                            + "(pass --project with the folder holding dataconnect.yaml)"))
    }

    func testProjectOptionIsNeverSearchedAbove() throws {
        var files = minimalProject
        files["empty/README.md"] = "hi"
        let tree = try TemporaryTree(files)
        let result = tree.load(project: "empty")
        XCTAssertNil(result.project)
        XCTAssertNil(result.location)
        XCTAssertEqual(tree.load(project: "").location, ProjectLocation(directory: tree.root))
    }
}
