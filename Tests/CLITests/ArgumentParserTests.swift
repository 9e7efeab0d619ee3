@testable import CLI
import XCTest

final class ArgumentParserTests: XCTestCase {
    private let spec = CommandSpec(name: "generate", abstract: "Generate.", options: [
        .value("project", valueName: "dir", help: "Project folder."),
        .value("connector", valueName: "id", repeatable: true, help: "Connector."),
        .flag("check", help: "Check only."),
        .flag("verbose", short: "v", help: "Talk more."),
    ])

    func testValuesFlagsAndBothSpellings() throws {
        let parsed = try ArgumentParser.parse(["--project", "app", "--check", "-v", "--connector=a", "--connector", "b"], for: spec)
        XCTAssertEqual(parsed.value("project"), "app")
        XCTAssertEqual(parsed.values("connector"), ["a", "b"])
        XCTAssertTrue(parsed.flag("check"))
        XCTAssertTrue(parsed.flag("verbose"))
        XCTAssertNil(parsed.value("missing"))
    }

    func testEmptyAndDashValues() throws {
        XCTAssertEqual(try ArgumentParser.parse(["--project="], for: spec).value("project"), "")
        XCTAssertEqual(try ArgumentParser.parse(["--project", "-"], for: spec).value("project"), "-")
    }

    func testUnknownOptionSuggestsTheClosest() {
        assertUsageError(["--projet", "x"], "Unknown option '--projet'. Did you mean '--project'?")
        assertUsageError(["--zzz"], "Unknown option '--zzz'.")
        assertUsageError(["-x"], "Unknown option '-x'.")
    }

    func testMissingAndUnexpectedValues() {
        assertUsageError(["--project"], "Missing value for '--project <dir>'.")
        assertUsageError(["--project", "--check"], "Missing value for '--project <dir>'.")
        assertUsageError(["--check=yes"], "The flag '--check' does not take a value.")
        assertUsageError(["stray"], "Unexpected argument 'stray'.")
        assertUsageError(["--project", "a", "--project", "b"], "The option '--project' was given more than once.")
    }

    func testUsageLineAndHelp() {
        XCTAssertEqual(
            HelpFormatter.usage(tool: "sdkgen", command: spec),
            "sdkgen generate [--project <dir>] [--connector <id> ...] [--check] [--verbose]"
        )
        let help = HelpFormatter.help(tool: "sdkgen", command: spec)
        XCTAssertTrue(help.hasPrefix("OVERVIEW: Generate.\n\nUSAGE: sdkgen generate"))
        XCTAssertTrue(help.contains("\n  --project <dir>       Project folder.\n"))
        XCTAssertTrue(help.contains("\n  -v, --verbose         Talk more.\n"))
        XCTAssertTrue(help.hasSuffix("  -h, --help            Show help information.\n"))
    }

    func testPositionalArgumentsAreCountedAndChecked() throws {
        let shell = CommandSpec(name: "completion", abstract: "Script.", options: [.flag("verbose", help: "Talk.")],
                                arguments: [ArgumentSpec(name: "shell", values: ["bash", "zsh", "fish"], help: "The shell.")])
        XCTAssertEqual(try ArgumentParser.parse(["--verbose", "zsh"], for: shell).arguments, ["zsh"])
        XCTAssertEqual(HelpFormatter.usage(tool: "sdkgen", command: shell), "sdkgen completion [--verbose] <shell>")
        XCTAssertTrue(HelpFormatter.help(tool: "sdkgen", command: shell).contains("\nARGUMENTS:\n  <shell>               The shell.\n\nOPTIONS:\n"))
        let cases: [([String], String)] = [
            ([], "Missing argument '<shell>'. Expected one of: bash, zsh, fish."),
            (["bsh"], "Unknown shell 'bsh'. Did you mean 'bash'? Expected one of: bash, zsh, fish."),
            (["bash", "zsh"], "Unexpected argument 'zsh'."),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try ArgumentParser.parse(arguments, for: shell)) { error in
                XCTAssertEqual(error as? UsageError, UsageError(message, command: "completion"), "\(arguments)")
            }
        }
    }

    private func assertUsageError(_ arguments: [String], _ message: String, line: UInt = #line) {
        XCTAssertThrowsError(try ArgumentParser.parse(arguments, for: spec), line: line) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message, command: "generate"), line: line)
        }
    }
}
