import CLI
import CLITestSupport
import Diagnostics
import Foundation
import TestSupport
import XCTest

final class InitCommandTests: XCTestCase {
    func testFreshFolderGetsAProjectThatGenerates() throws {
        let folder = try TemporaryFolder()
        let run = CapturedRun(["init"], in: folder.path)
        XCTAssertEqual(run.status, .success, run.errors)
        XCTAssertEqual(run.output, """
            created dataconnect/dataconnect.yaml
            created dataconnect/schema/schema.gql
            created dataconnect/example/queries.gql
            created dataconnect/example/mutations.gql
            created dataconnect/example/connector.yaml
            next: sdkgen generate

            """)
        XCTAssertEqual(folder.read("dataconnect/example/connector.yaml"), """
            connectorId: example
            authMode: PUBLIC
            generate:
              swiftSdk:
                outputDir: ../../dataconnect-generated/swift
                package: ExampleSDK
                observablePublisher: observableMacro

            """)
        let generate = CapturedRun(["generate"], in: folder.path)
        XCTAssertEqual(generate.status, .success, generate.errors)
        XCTAssertEqual(generate.errors, "")
        XCTAssertTrue(folder.exists("dataconnect-generated/swift/ExampleSDK/Sources/Operations/ListNotesQuery.swift"))
        XCTAssertTrue(folder.exists("dataconnect-generated/swift/ExampleSDK/Sources/Operations/CreateNoteMutation.swift"))
        XCTAssertEqual(CapturedRun(["validate"], in: folder.path).output, "dataconnect: 1 schema file, 1 connector, 2 operations: no errors\n")
    }

    func testFirebaseRootWithoutAServiceGetsOneAndANote() throws {
        let folder = try TemporaryFolder(files: ["firebase.json": "{\"hosting\": {\"public\": \"public\"}}\n"])
        let run = CapturedRun(["init"], in: folder.path)
        XCTAssertEqual(run.status, .success, run.errors)
        XCTAssertEqual(run.errors, "note: for the Firebase CLI, add \"dataconnect\": {\"source\": \"dataconnect\"} to firebase.json\n"
                       + Self.linuxRuntimeNote("dataconnect/example/connector.yaml"))
        XCTAssertEqual(folder.read("firebase.json"), "{\"hosting\": {\"public\": \"public\"}}\n")
        XCTAssertTrue(folder.exists("dataconnect/dataconnect.yaml"))
    }

    /// The note `init` prints on Linux after an entry on Firebase's runtime, which cannot build there.
    static func linuxRuntimeNote(_ connectorYAML: String) -> String {
        #if os(Linux)
        "note: the package depends on Firebase's FirebaseDataConnect, which builds only for Apple platforms, not on Linux; "
            + "to build it here, add 'sdkgenRuntime: {path: <a checkout of sdkgen>}' to the swiftSdk entry in \(connectorYAML) "
            + "(see \"Linux and the portable runtime\" in docs/getting-started.md)\n"
        #else
        ""
        #endif
    }

    /// Issue #33: on Linux, the `next:` step would make a package that does not build there; init
    /// says so and how to switch, and keeps Firebase's runtime so teammates on macOS get the same entry.
    func testFirebaseRuntimeIsNotedOnLinuxOnly() throws {
        let folder = try TemporaryFolder()
        let run = CapturedRun(["init"], in: folder.path)
        XCTAssertEqual(run.status, .success, run.errors)
        XCTAssertEqual(run.errors, Self.linuxRuntimeNote("dataconnect/example/connector.yaml"))
        XCTAssertFalse(folder.read("dataconnect/example/connector.yaml")?.contains("sdkgenRuntime") ?? true)

        let added = CapturedRun(["init", "--package", "Second"], in: folder.path)
        XCTAssertEqual(added.errors, Self.linuxRuntimeNote("dataconnect/example/connector.yaml"))
        let portable = CapturedRun(["init", "--package", "Third", "--runtime", "portable", "--runtime-path", "vendor/sdkgen"], in: folder.path)
        XCTAssertEqual(portable.status, .success, portable.errors)
        XCTAssertEqual(portable.errors, "", "the portable runtime builds on Linux")
    }

    /// Issue #33: from a folder inside the project, init adds to that project, says which one, and
    /// its `next:` step needs no --project, since generate finds the project the same way.
    func testInitInASubfolderAddsToTheProjectAbove() throws {
        let folder = try TemporaryFolder()
        XCTAssertEqual(CapturedRun(["init"], in: folder.path).status, .success)
        let run = CapturedRun(["init", "--package", "Second"], in: folder.url("dataconnect/example"))
        XCTAssertEqual(run.status, .success, run.errors)
        XCTAssertEqual(run.output, "added a swiftSdk entry for Second to connector.yaml; it generates ../../dataconnect-generated/swift/Second\nnext: sdkgen generate\n")
        XCTAssertEqual(run.errors, "using the project in ../dataconnect.yaml\n" + Self.linuxRuntimeNote("connector.yaml"))
    }

    func testEveryChoiceHasAFlag() throws {
        let folder = try TemporaryFolder()
        let run = CapturedRun(["init", "--project", "backend", "--connector", "shop", "--package", "ShopKit", "--output-dir", "../ios",
                               "--observable-publisher", "observableObject", "--service", "store", "--location", "europe-west1"], in: folder.path)
        XCTAssertEqual(run.status, .success, run.errors)
        XCTAssertTrue(run.output.hasSuffix("created backend/shop/connector.yaml\nnext: sdkgen generate --project backend\n"), run.output)
        XCTAssertEqual(folder.read("backend/shop/connector.yaml"),
                       "connectorId: shop\nauthMode: PUBLIC\ngenerate:\n  swiftSdk:\n    outputDir: ../ios\n    package: ShopKit\n    observablePublisher: observableObject\n")
        let config = try XCTUnwrap(folder.read("backend/dataconnect.yaml"))
        XCTAssertTrue(config.contains("serviceId: \"store\"\nlocation: \"europe-west1\"\n"), config)
        XCTAssertTrue(config.contains("connectorDirs: [\"./shop\"]"), config)
        XCTAssertEqual(CapturedRun(["generate", "--project", "backend"], in: folder.path).status, .success)
        XCTAssertTrue(folder.exists("backend/ios/ShopKit/Package.swift"))
    }

    func testPortableRuntimeFromACheckoutOrAURL() throws {
        let folder = try TemporaryFolder()
        XCTAssertEqual(CapturedRun(["init", "--runtime", "portable", "--runtime-path", "vendor/sdkgen"], in: folder.path).status, .success)
        XCTAssertTrue(folder.read("dataconnect/example/connector.yaml")?.hasSuffix("    sdkgenRuntime:\n      path: ../../vendor/sdkgen\n") == true)
        let run = CapturedRun(["init", "--package", "Second", "--runtime", "portable", "--runtime-url", "https://example.com/sdkgen.git",
                               "--runtime-version", "0.1.0"], in: folder.path)
        XCTAssertEqual(run.status, .success, run.errors)
        XCTAssertEqual(run.output, "added a swiftSdk entry for Second to dataconnect/example/connector.yaml; it generates dataconnect-generated/swift/Second\nnext: sdkgen generate\n")
        XCTAssertTrue(folder.read("dataconnect/example/connector.yaml")?.hasSuffix("""
              - outputDir: ../../dataconnect-generated/swift
                package: Second
                observablePublisher: observableMacro
                sdkgenRuntime:
                  url: https://example.com/sdkgen.git
                  from: 0.1.0

            """) == true, folder.read("dataconnect/example/connector.yaml") ?? "")
    }

    func testSecondEntryForTheSamePackageIsRefused() throws {
        let folder = try TemporaryFolder()
        XCTAssertEqual(CapturedRun(["init"], in: folder.path).status, .success)
        let before = folder.read("dataconnect/example/connector.yaml")
        let again = CapturedRun(["init"], in: folder.path)
        XCTAssertEqual(again.status, .failure)
        XCTAssertEqual(again.errors, """
            dataconnect/example/connector.yaml:6:14: error: swiftSdk already has an entry for package "ExampleSDK"; pass --package with another name [init.duplicate-package]
                6 |     package: ExampleSDK
                  |              ^~~~~~~~~~
            1 error

            """)
        XCTAssertEqual(folder.read("dataconnect/example/connector.yaml"), before)
    }

    func testNeverOverwritesAFile() throws {
        let folder = try TemporaryFolder(files: ["dataconnect/schema/schema.gql": "type Mine @table { a: Int }\n"])
        let run = CapturedRun(["init"], in: folder.path)
        XCTAssertEqual(run.status, .failure)
        XCTAssertEqual(run.errors, "error: cannot create 'dataconnect/schema/schema.gql': it already exists, and sdkgen never overwrites a file of yours [output.not-generated]\n1 error\n")
        XCTAssertEqual(folder.allFiles(), ["dataconnect/schema/schema.gql"])
    }

    func testFlowStyleGenerateIsAnError() throws {
        let folder = try TemporaryFolder(files: [
            "dataconnect.yaml": "serviceId: s\nschema:\n  source: ./schema\nconnectorDirs: [./c]\n",
            "schema/schema.gql": "type A @table { a: Int }\n",
            "c/connector.yaml": "connectorId: c\ngenerate: {dartSdk: {package: d, outputDir: x}}\n",
        ])
        let run = CapturedRun(["init"], in: folder.path)
        XCTAssertEqual(run.status, .failure)
        XCTAssertTrue(run.errors.hasPrefix("c/connector.yaml:2:11: error: \"generate\" is written in flow style; sdkgen init adds entries only to block mappings"), run.errors)
        XCTAssertEqual(folder.read("c/connector.yaml"), "connectorId: c\ngenerate: {dartSdk: {package: d, outputDir: x}}\n")
    }

    func testConnectorChoiceErrors() throws {
        let folder = try TemporaryFolder(files: [
            "dataconnect.yaml": "serviceId: s\nschema:\n  source: ./schema\nconnectorDirs: [./a, ./b]\n",
            "schema/schema.gql": "type A @table { a: Int }\n",
            "a/connector.yaml": "connectorId: alpha\n",
            "b/connector.yaml": "connectorId: beta\n",
        ])
        let several = CapturedRun(["init"], in: folder.path)
        XCTAssertEqual(several.status, .usage)
        XCTAssertTrue(several.errors.hasPrefix("Error: The project has 2 connectors; pass '--connector' with one of 'alpha', 'beta'.\nUsage: sdkgen init "), several.errors)
        let unknown = CapturedRun(["init", "--connector", "alpa"], in: folder.path)
        XCTAssertEqual(unknown.status, .usage)
        XCTAssertTrue(unknown.errors.hasPrefix("Error: Unknown connector 'alpa' for '--connector'. Did you mean 'alpha'?\n"), unknown.errors)
        XCTAssertEqual(CapturedRun(["init", "--connector", "beta"], in: folder.path).status, .success)
        XCTAssertTrue(folder.read("b/connector.yaml")?.contains("package: BetaSDK") == true)
        let shared = CapturedRun(["init", "--connector", "alpha", "--package", "BetaSDK"], in: folder.path)
        XCTAssertEqual(shared.status, .failure)
        XCTAssertTrue(shared.errors.hasPrefix("b/connector.yaml:4:5: error: connector \"beta\" already generates the package folder dataconnect-generated/swift/BetaSDK (relative to dataconnect.yaml); pass --package or --output-dir with another value [\(DiagnosticID.initPackageFolderTaken.rawValue)]\n"), shared.errors)
        XCTAssertEqual(folder.read("a/connector.yaml"), "connectorId: alpha\n")
        let creating = CapturedRun(["init", "--service", "x"], in: folder.path)
        XCTAssertEqual(creating.status, .usage)
        XCTAssertTrue(creating.errors.hasPrefix("Error: '--service' and '--location' only apply when sdkgen init creates a project; . already has one.\n"), creating.errors)
    }

    func testProjectWithoutConnectorsOrWithErrors() throws {
        let empty = try TemporaryFolder(files: ["dataconnect.yaml": "serviceId: s\nschema:\n  source: ./schema\n", "schema/schema.gql": "type A @table { a: Int }\n"])
        let none = CapturedRun(["init"], in: empty.path)
        XCTAssertEqual(none.status, .failure)
        XCTAssertEqual(none.errors, "dataconnect.yaml: error: the project has no connectors; add a connector folder to connectorDirs first [\(DiagnosticID.initNoConnectors.rawValue)]\n1 error\n")
        let broken = try TemporaryFolder(files: ["dataconnect.yaml": "serviceId: s\nschema:\n  source: ./schema\nconnectorDirs: [./c]\n"])
        let run = CapturedRun(["init"], in: broken.path)
        XCTAssertEqual(run.status, .failure)
        XCTAssertTrue(run.errors.contains("error: schema folder"), run.errors)
        XCTAssertTrue(run.errors.hasSuffix("The project has errors; fix them before running sdkgen init.\n"), run.errors)
    }

    func testUsageErrors() throws {
        let folder = try TemporaryFolder()
        let cases: [([String], String)] = [
            (["--package", "9Lives"], "The value of '--package' must be a Swift module name (letters, digits and _, not starting with a digit), found '9Lives'."),
            (["--output-dir="], "The value of '--output-dir' must not be empty."),
            (["--output-dir", "a\nb"], "The value of '--output-dir' must not contain control characters (such as a line break)."),
            (["--connector", "a b"], "The value of '--connector' must consist of ASCII letters, digits, - and _, found 'a b'."),
            (["--service", "a\"b"], "The value of '--service' must consist of ASCII letters, digits, - and _, found 'a\"b'."),
            (["--observable-publisher", "combine"], "The value of '--observable-publisher' must be observableMacro or observableObject, found 'combine'."),
            (["--runtime", "swift"], "The value of '--runtime' must be firebase or portable, found 'swift'."),
            (["--runtime", "portable"], "'--runtime portable' needs '--runtime-path <dir>' (a checkout of sdkgen) or '--runtime-url <url>' with '--runtime-version <version>'."),
            (["--runtime-path", "x"], "'--runtime-path', '--runtime-url' and '--runtime-version' need '--runtime portable'."),
            (["--runtime", "portable", "--runtime-url", "u"], "'--runtime-url' needs '--runtime-version'."),
            (["--runtime", "portable", "--runtime-url", "u", "--runtime-path", "p"], "Pass either '--runtime-path' or '--runtime-url' with '--runtime-version', not both."),
        ]
        for (arguments, message) in cases {
            let run = CapturedRun(["init"] + arguments, in: folder.path)
            XCTAssertEqual(run.status, .usage, "\(arguments)")
            XCTAssertEqual(run.errors.components(separatedBy: "\n").first, "Error: " + message, "\(arguments)")
        }
        XCTAssertEqual(folder.allFiles(), [])
    }
}
