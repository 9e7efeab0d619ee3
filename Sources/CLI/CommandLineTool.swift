import Diagnostics
import Foundation

/// The `sdkgen` command line: dispatches to subcommands and owns help, version and usage errors.
public enum CommandLineTool {
    static let name = "sdkgen"
    static let abstract = "Generate a typed Swift client package from a Firebase Data Connect project."
    static var commands: [any Command.Type] {
        [InitCommand.self, GenerateCommand.self, ValidateCommand.self, SchemaCommand.self, CompletionCommand.self, ListConnectorsCommand.self]
    }

    /// Every subcommand's specification, hidden ones included: the one source of help, parsing and completion.
    static var specifications: [CommandSpec] { commands.map { $0.spec } }

    /// The options of `sdkgen` itself, before any subcommand.
    static let toolOptions = [OptionSpec.flag("version", help: "Show the version."), HelpFormatter.helpOption]

    /// Runs with the process's arguments and environment, then exits with the command's status.
    public static func main() -> Never {
        let context = CommandContext(
            currentDirectory: FileManager.default.currentDirectoryPath,
            console: .standard(environment: ProcessInfo.processInfo.environment)
        )
        exit(run(Array(CommandLine.arguments.dropFirst()), in: context).rawValue)
    }

    /// Runs one invocation; `arguments` excludes the program name.
    public static func run(_ arguments: [String], in context: CommandContext) -> ExitStatus {
        do {
            return try dispatch(arguments, in: context)
        } catch let error as UsageError {
            context.console.writeError(usageMessage(for: error))
            return .usage
        } catch {
            context.report(DiagnosticError.diagnostics(of: error))
            return .failure
        }
    }

    private static func dispatch(_ arguments: [String], in context: CommandContext) throws -> ExitStatus {
        let output = context.console.writeOutput
        let first = arguments.first ?? "--help"
        switch first {
        case "-h", "--help":
            output(toolHelp)
        case "--version":
            output(SDKGenVersion.description + "\n")
        case "help":
            guard arguments.count <= 2 else {
                throw UsageError("'help' takes at most one subcommand name.", command: nil)
            }
            let topic = arguments.dropFirst().first
            output(try topic.map { HelpFormatter.help(tool: name, command: try command(named: $0).spec) } ?? toolHelp)
        default:
            let command = try command(named: first)
            let rest = Array(arguments.dropFirst())
            guard rest.contains("-h") || rest.contains("--help") else {
                return try command.init(arguments: ArgumentParser.parse(rest, for: command.spec)).run(in: context)
            }
            output(HelpFormatter.help(tool: name, command: command.spec))
        }
        return .success
    }

    private static var toolHelp: String {
        HelpFormatter.toolHelp(tool: name, abstract: abstract, options: toolOptions, commands: specifications)
    }

    private static func command(named name: String) throws -> any Command.Type {
        if let command = commands.first(where: { $0.spec.name == name }) { return command }
        let names = commands.filter { !$0.spec.isHidden }.map { $0.spec.name } + ["help"]
        var message = name.hasPrefix("-") ? "Unknown option '\(name)'." : "Unknown subcommand '\(name)'."
        if let suggestion = Suggestion.closest(to: name, in: names) { message += " Did you mean '\(suggestion)'?" }
        throw UsageError(message, command: nil)
    }

    static func usageMessage(for error: UsageError) -> String {
        guard let name = error.command, let command = commands.first(where: { $0.spec.name == name }) else {
            return "Error: \(error.message)\nUsage: \(self.name) <subcommand>\n  See '\(self.name) --help' for more information.\n"
        }
        return """
            Error: \(error.message)
            Usage: \(HelpFormatter.usage(tool: self.name, command: command.spec))
              See '\(self.name) help \(name)' for more information.

            """
    }
}
