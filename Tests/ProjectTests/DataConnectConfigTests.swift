import Diagnostics
import XCTest
@testable import Project

final class DataConnectConfigTests: XCTestCase {
    private func tree(_ dataconnectYAML: String, extra: [String: String] = [:]) throws -> TemporaryTree {
        var files = minimalProject
        files["dataconnect.yaml"] = dataconnectYAML
        for (path, text) in extra { files[path] = text }
        return try TemporaryTree(files)
    }

    func testSchemaForm() throws {
        let tree = try tree("""
        specVersion: "v1"
        serviceId: svc
        location: europe-west1
        schema:
          source: "./schema"
          datasource:
            postgresql:
              database: fdcdb
        connectorDirs:
          - ./connector
        """)
        let result = tree.load()
        XCTAssertEqual(tree.describe(result.diagnostics), [])
        let config = try XCTUnwrap(result.project?.config)
        XCTAssertEqual(config.serviceId, "svc")
        XCTAssertEqual(config.location, "europe-west1")
        XCTAssertEqual(config.schemas.map(\.path), ["./schema"])
        XCTAssertEqual(config.schemas.first?.span.range?.start.description, "5:11")
        XCTAssertEqual(config.connectorDirs.map(\.path), ["./connector"])
        XCTAssertEqual(config.connectorDirs.first?.span.range?.start.description, "10:5")
    }

    func testSchemasListForm() throws {
        let tree = try tree("""
        serviceId: svc
        location: us-east4
        schemas:
          - source: "./schema"
            datasource:
              postgresql: {database: a}
          - id: second
            source: ./more
            datasource: {httpGraphql: {uri: "https://x"}}
        connectorDirs: ["./connector"]
        """, extra: ["more/b.gql": "type B @table { x: Int }\n"])
        let result = tree.load()
        XCTAssertEqual(tree.describe(result.diagnostics), [])
        let project = try XCTUnwrap(result.project)
        XCTAssertEqual(project.config.schemas.map(\.path), ["./schema", "./more"])
        XCTAssertEqual(project.schemaFiles.map(\.path), [tree.root + "/schema/schema.gql", tree.root + "/more/b.gql"])
    }

    func testSchemaSourceDefaultsToSchemaFolder() throws {
        let tree = try tree("serviceId: svc\nschema:\n  datasource: {}\nconnectorDirs: [./connector]\n")
        let result = tree.load()
        XCTAssertEqual(tree.describe(result.diagnostics), [])
        XCTAssertEqual(result.project?.config.schemas.first?.path, "./schema")
        XCTAssertNil(result.project?.config.location)
        XCTAssertEqual(result.project?.schemaFiles.count, 1)
    }

    func testMissingServiceIdGivesNoProject() throws {
        let tree = try tree("location: x\nschema:\n  source: ./schema\n")
        let result = tree.load()
        XCTAssertNil(result.project)
        XCTAssertEqual(tree.describe(result.diagnostics), ["dataconnect.yaml:1:1: error: dataconnect.yaml is missing the required key \"serviceId\""])
    }

    func testStructureErrors() throws {
        let tree = try tree("""
        serviceId: [a]
        schema:
          source: ./schema
        schemas: []
        connectorDirs: ./connector
        """)
        XCTAssertEqual(tree.describe(tree.load().diagnostics), [
            "dataconnect.yaml:1:12: error: \"serviceId\" must be a string, found a sequence",
            "dataconnect.yaml:4:1: error: use either \"schema\" or \"schemas\", not both",
            "dataconnect.yaml:5:16: error: \"connectorDirs\" must be a list of folders, found a string",
        ])
    }

    func testSchemaErrors() throws {
        let missing = try tree("serviceId: svc\n")
        XCTAssertEqual(missing.describe(missing.load().diagnostics), [
            "dataconnect.yaml:1:1: error: dataconnect.yaml is missing the required key \"schema\"",
        ])
        let notList = try tree("serviceId: svc\nschemas: ./schema\n")
        XCTAssertEqual(notList.describe(notList.load().diagnostics), [
            "dataconnect.yaml:2:10: error: \"schemas\" must be a list of schemas, found a string",
        ])
        let empty = try tree("serviceId: svc\nschemas: []\n")
        XCTAssertEqual(empty.describe(empty.load().diagnostics), ["dataconnect.yaml:2:10: error: \"schemas\" must list at least one schema"])
        let badEntry = try tree("serviceId: svc\nschemas:\n  - ./schema\n  - source:\n")
        XCTAssertEqual(badEntry.describe(badEntry.load().diagnostics), [
            "dataconnect.yaml:3:5: error: schemas entry must be a mapping of keys to values, found a string",
            "dataconnect.yaml:4:5: error: \"source\" needs a value",
        ])
        let notMapping = try tree("serviceId: svc\nschema: ./schema\n")
        XCTAssertEqual(notMapping.describe(notMapping.load().diagnostics), [
            "dataconnect.yaml:2:9: error: schema must be a mapping of keys to values, found a string",
        ])
    }

    func testConnectorDirEntryErrors() throws {
        let tree = try tree("serviceId: svc\nschema: {source: ./schema}\nconnectorDirs: [{a: b}, \"\", ./connector]\n")
        XCTAssertEqual(tree.describe(tree.load().diagnostics), [
            "dataconnect.yaml:3:17: error: a connectorDirs entry must be a folder path, found a mapping",
            "dataconnect.yaml:3:25: error: a connectorDirs entry must not be empty",
        ])
    }

    func testUnknownKeysWarnWithSuggestions() throws {
        let tree = try tree("""
        serviceID: svc
        serviceId: svc
        schemaValidation: STRICT
        schema:
          sorce: ./schema
          datasource: {postgresql: {}}
        connectorDirs: [./connector]
        """)
        let result = tree.load()
        XCTAssertNotNil(result.project)
        XCTAssertEqual(tree.describe(result.diagnostics), [
            "dataconnect.yaml:1:1: warning: unknown key \"serviceID\" in dataconnect.yaml; did you mean \"serviceId\"?",
            "dataconnect.yaml:3:1: warning: unknown key \"schemaValidation\" in dataconnect.yaml; sdkgen ignores it",
            "dataconnect.yaml:5:3: warning: unknown key \"sorce\" in schema; did you mean \"source\"?",
        ])
    }

    /// A misspelt `connectorDirs` would read as no connectors, and the run would delete every
    /// package: without a `connectorDirs`, a key close to it is an error. Beside one, a key such as
    /// `connectors` (which real projects carry) only warns.
    func testMisspeltConnectorDirsIsAnError() throws {
        let misspelt = try tree("serviceId: svc\nschema: {source: ./schema}\nconnectorDir: [./connector]\n")
        XCTAssertEqual(misspelt.describe(misspelt.load().diagnostics), [
            "dataconnect.yaml:3:1: error: unknown key \"connectorDir\" in dataconnect.yaml; did you mean \"connectorDirs\"?",
        ])
        let beside = try tree("serviceId: svc\nschema: {source: ./schema}\nconnectorDirs: [./connector]\nconnectors: [{path: ./connector}]\n")
        XCTAssertEqual(beside.describe(beside.load().diagnostics), [
            "dataconnect.yaml:4:1: warning: unknown key \"connectors\" in dataconnect.yaml; did you mean \"connectorDirs\"?",
        ])
    }

    func testNotAMappingOrEmptyOrInvalidYAML() throws {
        let list = try tree("- a\n")
        XCTAssertEqual(list.describe(list.load().diagnostics), [
            "dataconnect.yaml:1:1: error: dataconnect.yaml must be a mapping of keys to values, found a sequence",
        ])
        let empty = try tree("# nothing\n")
        XCTAssertEqual(empty.describe(empty.load().diagnostics), ["dataconnect.yaml: error: the file is empty"])
        let invalid = try tree("serviceId: svc\nserviceId: other\nschema: {source: \"x}\n")
        XCTAssertEqual(invalid.describe(invalid.load().diagnostics), [
            "dataconnect.yaml:2:1: error: duplicate key \"serviceId\"",
            "dataconnect.yaml:3:18: error: unterminated double-quoted scalar",
        ])
    }
}

extension DataConnectConfigTests {
    /// `serviceId`, `location` and `connectorId` are written into generated Swift: a line break,
    /// quote or other character outside Data Connect's resource IDs is an error at the value.
    func testResourceIDsRejectCharactersOutsideLettersDigitsDashAndUnderscore() throws {
        let message = "must consist of ASCII letters, digits, - and _"
        for (key, value) in [("serviceId", "\"svc\\rpublic let injected = 42 //\""), ("location", "\"us-central1\\rpublic let injected = 42 //\""),
                             ("location", "\"us\\u0000\""), ("location", "\"us \\\"x\\\"\""), ("serviceId", "\"svc\\u2028x\""), ("serviceId", "sv.c")] {
            var yaml = "serviceId: svc\nlocation: us-central1\nschema:\n  source: ./schema\nconnectorDirs: [./connector]\n"
            yaml = yaml.replacingOccurrences(of: key == "serviceId" ? "serviceId: svc" : "location: us-central1", with: "\(key): \(value)")
            let tree = try tree(yaml)
            let line = key == "serviceId" ? 1 : 2
            XCTAssertEqual(tree.describe(tree.load().diagnostics), ["dataconnect.yaml:\(line):\(key.count + 3): error: \"\(key)\" \(message)"], value)
        }
        var files = minimalProject
        files["connector/connector.yaml"] = "connectorId: \"movies\\npublic let injected = 42\"\ngenerate:\n  swiftSdk:\n    outputDir: ../out\n    package: MoviesSDK\n"
        let tree = try TemporaryTree(files)
        XCTAssertEqual(tree.describe(tree.load().diagnostics), ["connector/connector.yaml:1:14: error: \"connectorId\" \(message)"])
    }

    /// Every resource ID of the corpus's shapes stays accepted (upper case and `_` included).
    func testResourceIDsAcceptDataConnectShapes() throws {
        let tree = try tree("serviceId: FreelanceApp_shop-be2\nlocation: southamerica-east1\nschema:\n  source: ./schema\nconnectorDirs: [./connector]\n")
        let result = tree.load()
        XCTAssertEqual(tree.describe(result.diagnostics), [])
        XCTAssertEqual(result.project?.config.serviceId, "FreelanceApp_shop-be2")
    }
}
