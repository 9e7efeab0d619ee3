@testable import CLI
import CLITestSupport
import Foundation
import TestSupport
import XCTest

/// The completion scripts come from the command specifications; each is checked for every command
/// and option, for its shell's syntax (when the shell is installed), and bash and fish for real
/// completions through the built sdkgen.
final class CompletionTests: XCTestCase {
    private let root = SharedFolder.packageRoot.path
    private var visible: [CommandSpec] { CommandLineTool.specifications.filter { !$0.isHidden } }

    private func script(_ shell: String) -> String {
        let run = CapturedRun(["completion", shell], in: root)
        XCTAssertEqual(run.status, .success, run.errors)
        return run.output
    }

    func testScriptsHaveEveryCommandAndOptionOfTheSpecification() {
        let (bash, zsh, fish) = (script("bash"), script("zsh"), script("fish"))
        XCTAssertGreaterThanOrEqual(visible.count, 5)
        for command in visible {
            XCTAssertTrue(bash.contains("\n        \(command.name))\n"), command.name)
            XCTAssertTrue(zsh.contains("\n        '\(command.name):"), command.name)
            XCTAssertTrue(fish.contains(" -a \(command.name) -d "), command.name)
            for option in command.options {
                XCTAssertTrue(bash.contains(" --\(option.name) ") || bash.contains(" --\(option.name)\""), "\(command.name) --\(option.name)")
                XCTAssertTrue(zsh.contains("--\(option.name)=[\(option.help.prefix(10))") || zsh.contains("--\(option.name)[\(option.help.prefix(10))"),
                              "\(command.name) --\(option.name)")
                XCTAssertTrue(fish.contains("'__fish_seen_subcommand_from \(command.name)' -l \(option.name) "), "\(command.name) --\(option.name)")
            }
            for value in command.arguments.flatMap(\.values) {
                XCTAssertTrue(bash.contains(value) && zsh.contains(value) && fish.contains(value), value)
            }
        }
        XCTAssertTrue(bash.contains(" --version ") && zsh.contains("--version'[") && fish.contains(" -l version "))
        for script in [bash, zsh, fish] {
            XCTAssertFalse(script.contains("list-connectors)") || script.contains("-a list-connectors"), "the hidden command is not offered")
        }
    }

    func testScriptsPassTheirShellsSyntaxCheck() throws {
        var checked = 0
        for (shell, name) in [("bash", "bash"), ("zsh", "zsh"), ("fish", "fish")] {
            guard let path = executable(name) else { continue }
            let folder = try TemporaryFolder()
            try folder.write("script", script(shell))
            let check = try run(path, ["-n", folder.url("script")])
            XCTAssertEqual(check.status, 0, "\(shell): \(check.output)")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 1, "bash is always installed")
    }

    func testBashCompletesConnectorsThroughTheBuiltSDKGen() throws {
        let sdkgen = try ChildProcess.builtSDKGen(besides: Self.self).path
        let bash = try XCTUnwrap(executable("bash"))
        let folder = try TemporaryFolder()
        try folder.write("sdkgen.bash", script("bash"))
        let probe = """
            source \(folder.url("sdkgen.bash"))
            t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _sdkgen; echo "${COMPREPLY[*]}"; }
            t \(sdkgen) generate --project Fixtures/movies --connector ''
            t \(sdkgen) generate --project = Fixtures/movies --connector m
            t \(sdkgen) init --runtime p
            t \(sdkgen) completion z
            t \(sdkgen) val
            """
        let result = try run(bash, ["-c", probe])
        XCTAssertEqual(result.output, "movies\nmovies\nportable\nzsh\nvalidate\n")
    }

    func testFishCompletesConnectorsThroughTheBuiltSDKGen() throws {
        guard let fish = executable("fish") else { throw XCTSkip("fish is not installed") }
        let sdkgen = try ChildProcess.builtSDKGen(besides: Self.self).path
        // fish completes commands by name, so the built sdkgen is put on the PATH.
        let folder = try TemporaryFolder()
        try folder.write("sdkgen.fish", script("fish"))
        try FileManager.default.createSymbolicLink(atPath: folder.url("sdkgen"), withDestinationPath: sdkgen)
        let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try run(fish, ["-c", "source \(folder.url("sdkgen.fish")); complete -C 'sdkgen generate --project Fixtures/movies --connector '"],
                             environment: ["PATH": path])
        XCTAssertEqual(result.output, "movies\tOnly generate this connector (repeatable).\n")
    }

    func testHiddenConnectorListing() throws {
        let run = CapturedRun(["list-connectors", "--project", "Fixtures/movies"], in: root)
        XCTAssertEqual(run.status, .success)
        XCTAssertEqual(run.output, "movies\n")
        let folder = try TemporaryFolder()
        let none = CapturedRun(["list-connectors"], in: folder.path)
        XCTAssertEqual(none.status, .failure)
        XCTAssertEqual(none.output + none.errors, "")
        XCTAssertFalse(CapturedRun(["--help"], in: root).output.contains("list-connectors"))
        XCTAssertTrue(CapturedRun(["--help"], in: root).output.contains("\n  completion            Print the shell completion script"))
    }

    /// Issue #33: the install lines `completion --help` gives work in a home folder that has none
    /// of the completion folders yet, and name bash's prerequisite.
    func testInstallLinesFromTheHelpWorkInAnEmptyHome() throws {
        let help = CapturedRun(["completion", "--help"], in: root).output
        XCTAssertTrue(help.contains("bash-completion package"), help)
        let sdkgen = try ChildProcess.builtSDKGen(besides: Self.self)
        let bash = try XCTUnwrap(executable("bash"))
        let home = try TemporaryFolder()
        let lines = help.split(separator: "\n").map(String.init)
        for (shell, installed) in [("bash", ".local/share/bash-completion/completions/sdkgen"), ("fish", ".config/fish/completions/sdkgen.fish")] {
            // The shell's heading, then its commands, indented further.
            let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  \(shell)") }, shell)
            let commands = lines[(start + 1)...].prefix { $0.hasPrefix("    ") }.map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertEqual(commands.first?.hasPrefix("mkdir -p "), true, shell)
            let result = try run(bash, ["-ec", commands.joined(separator: "\n")],
                                 environment: ["HOME": home.path, "PATH": sdkgen.deletingLastPathComponent().path + ":/usr/bin:/bin"])
            XCTAssertEqual(result.status, 0, "\(shell): \(result.output)")
            XCTAssertEqual(home.read(installed), script(shell), shell)
        }
    }

    func testCompletionUsageErrors() {
        let missing = CapturedRun(["completion"], in: root)
        XCTAssertEqual(missing.status, .usage)
        XCTAssertEqual(missing.errors, """
            Error: Missing argument '<shell>'. Expected one of: bash, zsh, fish.
            Usage: sdkgen completion <shell>
              See 'sdkgen help completion' for more information.

            """)
        XCTAssertEqual(CapturedRun(["completion", "tcsh"], in: root).status, .usage)
    }

    private func executable(_ name: String) -> String? {
        ["/bin/", "/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a program in the package root to its end; standard output and error together.
    private func run(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
