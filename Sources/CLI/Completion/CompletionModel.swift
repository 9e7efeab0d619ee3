/// What the completion scripts are generated from: the tool's options and the visible commands' specifications.
struct CompletionModel {
    var tool: String
    var options: [OptionSpec]
    var commands: [CommandSpec]
    /// The hidden subcommand that prints the project's connector ids.
    var connectorLister: String

    /// The subcommand names a first word completes to, `help` included.
    var commandNames: [String] { commands.map(\.name) + ["help"] }

    /// A shell function name for the tool: `sdkgen` -> `_sdkgen`.
    var functionName: String { "_" + tool.map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined() }
}
