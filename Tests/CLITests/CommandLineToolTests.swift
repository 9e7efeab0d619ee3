import CLI
import CLITestSupport
import Diagnostics
import Foundation
import TestSupport
import XCTest

final class CommandLineToolTests: XCTestCase {
    private let root = SharedFolder.packageRoot.path

    func testToolHelpListsSubcommands() {
        for arguments in [[], ["--help"], ["-h"], ["help"]] {
            let run = CapturedRun(arguments, in: root)
            XCTAssertEqual(run.status, .success)
            XCTAssertTrue(run.output.hasPrefix("OVERVIEW: Generate a typed Swift client package"), "\(arguments)")
            XCTAssertTrue(run.output.contains("\n  validate              Check a Data Connect project"))
            XCTAssertTrue(run.output.contains("\n  schema                Write the schema"))
            XCTAssertTrue(run.output.contains("See 'sdkgen help <subcommand>' for detailed help."))
        }
    }

    func testSubcommandHelpBothWays() {
        let viaHelp = CapturedRun(["help", "validate"], in: root)
        let viaFlag = CapturedRun(["validate", "--project", "x", "--help"], in: root)
        XCTAssertEqual(viaHelp.output, viaFlag.output)
        XCTAssertTrue(viaHelp.output.contains("USAGE: sdkgen validate [--project <dir>] [--json] [--verbose]"))
        XCTAssertEqual(viaHelp.status, .success)
    }

    func testVersion() {
        let run = CapturedRun(["--version"], in: root)
        // Tests build without scripts/install.sh's commit define.
        XCTAssertNil(SDKGenVersion.commit)
        XCTAssertEqual(run.output, SDKGenVersion.current + " (development build)\n")
        XCTAssertEqual(run.status, .success)
    }

    func testUsageErrorsExitWithTwoAndNameTheFix() {
        let unknownCommand = CapturedRun(["valdate"], in: root)
        XCTAssertEqual(unknownCommand.status, .usage)
        XCTAssertEqual(unknownCommand.errors, """
            Error: Unknown subcommand 'valdate'. Did you mean 'validate'?
            Usage: sdkgen <subcommand>
              See 'sdkgen --help' for more information.

            """)
        let unknownOption = CapturedRun(["validate", "--projct", "x"], in: root)
        XCTAssertEqual(unknownOption.status, .usage)
        XCTAssertEqual(unknownOption.errors, """
            Error: Unknown option '--projct'. Did you mean '--project'?
            Usage: sdkgen validate [--project <dir>] [--json] [--verbose]
              See 'sdkgen help validate' for more information.

            """)
        XCTAssertEqual(CapturedRun(["help", "nope"], in: root).status, .usage)
        XCTAssertEqual(CapturedRun(["--frobnicate"], in: root).errors.components(separatedBy: "\n").first, "Error: Unknown option '--frobnicate'.")
        XCTAssertEqual(CapturedRun(["schema", "--out="], in: root).status, .usage)
    }

    func testValidateCleanProject() {
        let run = CapturedRun(["validate", "--project", "Fixtures/movies"], in: root)
        XCTAssertEqual(run.status, .success)
        XCTAssertEqual(run.errors, "")
        XCTAssertEqual(run.output, "Fixtures/movies: 1 schema file, 1 connector, 3 operations: no errors\n")
    }

    func testValidateVerbosePrintsStageTimings() {
        let run = CapturedRun(["validate", "--project", "Fixtures/movies", "--verbose"], in: root)
        XCTAssertTrue(run.errors.hasPrefix("timing: load "), run.errors)
        XCTAssertTrue(run.errors.contains(", parse "))
        XCTAssertTrue(run.errors.contains(", synthesize "))
        XCTAssertTrue(run.errors.contains(", validate "))
        XCTAssertTrue(run.errors.contains(", lower "), run.errors)
    }

    func testValidateReportsOperationErrorsWithSuggestions() throws {
        let project = try TemporaryFolder(files: [
            "dataconnect.yaml": "specVersion: v1\nserviceId: s\nlocation: l\nschema:\n  source: ./schema\nconnectorDirs: [./c]\n",
            "schema/schema.gql": "type Movie @table { title: String! }\n",
            "c/connector.yaml": "connectorId: c\n",
            "c/ops.gql": "query Q @auth(level: PUBLIC) { movies { titel } }\n",
        ])
        let run = CapturedRun(["validate"], in: project.path)
        XCTAssertEqual(run.status, .failure)
        XCTAssertTrue(run.errors.hasPrefix("c/ops.gql:1:41: error: Cannot query field \"titel\" on type \"Movie\". Did you mean \"title\"?"), run.errors)
        XCTAssertTrue(run.errors.hasSuffix("1 error\n"), run.errors)
    }

    func testValidateJSONCarriesTypesAndDiagnostics() throws {
        let run = CapturedRun(["validate", "--json", "--project", "Fixtures/movies"], in: root)
        XCTAssertEqual(run.status, .success)
        XCTAssertEqual(run.errors, "")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let connectors = try XCTUnwrap(json["connectors"] as? [[String: Any]])
        XCTAssertEqual(connectors.map { $0["connector_id"] as? String }, ["movies"])
        let operations = try XCTUnwrap(connectors.first?["operations"] as? [[String: Any]])
        XCTAssertEqual(operations.compactMap { $0["name"] as? String }, ["CreateMovie", "GetMovieByKey", "ListMoviesByGenre"])
        XCTAssertEqual((json["diagnostics"] as? [Any])?.count, 0)

        let broken = try TemporaryFolder(files: ["dataconnect.yaml": "serviceId: [\n"])
        let failed = CapturedRun(["validate", "--json"], in: broken.path)
        XCTAssertEqual(failed.status, .failure)
        let failure = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(failed.output.utf8)) as? [String: Any])
        XCTAssertEqual((failure["diagnostics"] as? [[String: Any]])?.map { $0["id"] as? String }, [DiagnosticID.yamlSyntax.rawValue])
    }

    func testValidateReportsEveryErrorWithExcerptAndSummary() throws {
        let project = try TemporaryFolder(files: [
            "dataconnect.yaml": "specVersion: v1\nserviceId: s\nlocation: l\nschema:\n  source: ./schema\nconnectorDirs: [./c]\n",
            "schema/schema.gql": "type Movie @table { title: String! }\n",
            "c/connector.yaml": "connectorId: c\nauthMod: PUBLIC\n",
            "c/a.gql": "query A { movies { title } \n",
            "c/b.gql": "query B { movie(id: \"x\") { title } } }\n",
        ])
        let run = CapturedRun(["validate"], in: project.path)
        XCTAssertEqual(run.status, .failure)
        XCTAssertEqual(run.output, "")
        XCTAssertEqual(run.errors, """
            c/a.gql:1:9: error: Syntax Error: "{" is never closed: the file ends before its "}". [graphql.syntax]
                1 | query A { movies { title } 
                  |         ^
            c/b.gql:1:38: error: Syntax Error: Unexpected "}". [graphql.syntax]
                1 | query B { movie(id: "x") { title } } }
                  |                                      ^
            c/connector.yaml:2:1: warning: unknown key "authMod" in connector.yaml; did you mean "authMode"? [config.unknown-key]
                2 | authMod: PUBLIC
                  | ^~~~~~~
            2 errors, 1 warning

            """)
    }

    func testColorIsUsedOnlyWhenTheConsoleAllowsIt() throws {
        let project = try TemporaryFolder(files: ["dataconnect.yaml": "serviceId: [\n"])
        XCTAssertFalse(CapturedRun(["validate"], in: project.path).errors.contains("\u{1B}["))
        XCTAssertTrue(CapturedRun(["validate"], in: project.path, color: true).errors.contains("\u{1B}[1;31merror:"))
        XCTAssertFalse(Console.standard(environment: ["NO_COLOR": "1"]).colorDiagnostics)
    }

    func testSchemaWritesTheEmulatorLayoutAndThenTouchesNothing() throws {
        let output = try TemporaryFolder(files: [:])
        let first = CapturedRun(["schema", "--project", root + "/Fixtures/movies", "--out", output.path], in: root)
        XCTAssertEqual(first.status, .success, first.errors)
        XCTAssertTrue(first.output.hasSuffix(": 7 written, 0 unchanged, 0 deleted\n"), first.output)
        let files = try FileManager.default.subpathsOfDirectory(atPath: output.path).sorted()
        XCTAssertEqual(files, [".sdkgen-manifest", "main", "main/implicit.gql", "main/input.gql", "main/mutation.gql", "main/query.gql",
                               "main/relation.gql", "prelude.gql"])
        let second = CapturedRun(["schema", "--project", root + "/Fixtures/movies", "--out", output.path], in: root)
        XCTAssertTrue(second.output.hasSuffix(": 0 written, 7 unchanged, 0 deleted\n"), second.output)
    }

    /// Issue #32: the schema folder goes through the package writer, so a file an earlier run wrote
    /// and this one does not (listed in the folder's manifest) is deleted, not left behind.
    func testSchemaDeletesAFileItNoLongerWrites() throws {
        let output = try TemporaryFolder(files: [:])
        XCTAssertEqual(CapturedRun(["schema", "--project", root + "/Fixtures/movies", "--out", output.path], in: root).status, .success)
        try output.write("main/old.gql", "# Code generated by sdkgen. DO NOT EDIT.\n")
        try output.write(".sdkgen-manifest", (output.read(".sdkgen-manifest") ?? "") + "main/old.gql\n")
        let run = CapturedRun(["schema", "--project", root + "/Fixtures/movies", "--out", output.path], in: root)
        XCTAssertEqual(run.status, .success, run.errors)
        XCTAssertTrue(run.output.hasSuffix(": 1 written, 6 unchanged, 1 deleted\n"), run.output)
        XCTAssertFalse(output.exists("main/old.gql"))
    }

    /// Issue #32: `--out` inside a schema source or connector folder is refused before anything is
    /// written: the next run would read the generated types as the user's schema.
    func testSchemaOutInsideTheProjectsSourcesIsAnError() throws {
        let project = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: root + "/Fixtures/movies", toPath: project.url("p"))
        let before = project.allFiles()
        for (out, folder, role) in [("p/schema", "p/schema", "schema source folder"), ("p/schema/generated", "p/schema", "schema source folder"),
                                    ("p/connector/sdl", "p/connector", "connector folder")] {
            let run = CapturedRun(["schema", "--project", "p", "--out", out], in: project.path)
            XCTAssertEqual(run.status, .failure, out)
            XCTAssertEqual(run.errors, "error: cannot write the schema into '\(out)': it lies inside the \(role) '\(folder)', so the next run would read the generated schema as yours; choose a folder outside the project's schema and connector folders [\(DiagnosticID.outputInsideSources.rawValue)]\n1 error\n")
            XCTAssertEqual(project.allFiles(), before, out)
        }
        let hidden = CapturedRun(["schema", "--project", "p", "--out", "p/schema/.sdl"], in: project.path)
        XCTAssertEqual(hidden.status, .success, "a hidden folder is not read: \(hidden.errors)")
    }

    /// Issue #21: `schema --out` never replaces a file that sdkgen did not generate, and then writes nothing.
    func testSchemaNeverOverwritesTheUsersFiles() throws {
        let output = try TemporaryFolder(files: ["main/query.gql": "type Mine { id: ID }\n"])
        // Run inside the folder, so the message's path does not depend on where the clone is.
        let run = CapturedRun(["schema", "--project", root + "/Fixtures/movies", "--out", "."], in: output.path)
        XCTAssertEqual(run.status, .failure)
        XCTAssertTrue(run.errors.contains("error: cannot overwrite 'main/query.gql': sdkgen did not generate it"), run.errors)
        XCTAssertEqual(output.allFiles(), ["main/query.gql"])
        XCTAssertEqual(output.read("main/query.gql"), "type Mine { id: ID }\n")
    }

    /// Issue #21 item 7: `--out` onto a file, or below one, is a clear error naming the file; the
    /// file stays as it was.
    func testSchemaOutOntoAFileSaysSo() throws {
        let output = try TemporaryFolder(files: ["notes.txt": "mine\n"])
        let onto = CapturedRun(["schema", "--project", root + "/Fixtures/movies", "--out", "notes.txt"], in: output.path)
        XCTAssertEqual(onto.status, .failure)
        XCTAssertEqual(onto.errors, "error: output folder 'notes.txt' exists but is not a folder [output.path-blocked]\n1 error\n")
        XCTAssertEqual(onto.output, "")
        let below = CapturedRun(["schema", "--project", root + "/Fixtures/movies", "--out", "notes.txt/schema"], in: output.path)
        XCTAssertEqual(below.status, .failure)
        XCTAssertEqual(below.errors, "error: output folder 'notes.txt/schema' cannot be created: 'notes.txt' exists but is not a folder [output.path-blocked]\n1 error\n")
        XCTAssertEqual(output.allFiles(), ["notes.txt"])
        XCTAssertEqual(output.read("notes.txt"), "mine\n")
    }

    /// The emulator's own folder holds derived files without the marker: they are replaced.
    func testSchemaReplacesTheEmulatorsFilesInItsDefaultFolder() throws {
        let project = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: root + "/Fixtures/movies", toPath: project.url("p"))
        try project.write("p/.dataconnect/schema/prelude.gql", "# written by the emulator\n")
        let run = CapturedRun(["schema", "--project", project.url("p")], in: root)
        XCTAssertEqual(run.status, .success, run.errors)
        XCTAssertTrue(project.read("p/.dataconnect/schema/prelude.gql")?.hasPrefix("# Code generated by sdkgen. DO NOT EDIT.\n") ?? false)
    }

    func testMissingProjectIsAUserError() throws {
        let empty = try TemporaryFolder(files: [:])
        let run = CapturedRun(["validate"], in: empty.path)
        XCTAssertEqual(run.status, .failure)
        XCTAssertTrue(run.errors.contains("error: "), run.errors)
    }
}
