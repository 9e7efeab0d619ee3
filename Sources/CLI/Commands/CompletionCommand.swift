/// `sdkgen completion <shell>`: prints a completion script generated from the command specifications.
struct CompletionCommand: Command {
    static let spec = CommandSpec(
        name: "completion",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            Completes subcommands, options, option values and the connector ids of the project (the one
            --project names, or the current folder's). Install it once (mkdir -p creates the folder
            when it is missing):
              bash, with the bash-completion package installed (it loads scripts from this folder):
                mkdir -p ~/.local/share/bash-completion/completions
                sdkgen completion bash > ~/.local/share/bash-completion/completions/sdkgen
              zsh, then restart the shell:
                sdkgen completion zsh > "${fpath[1]}/_sdkgen"
              fish:
                mkdir -p ~/.config/fish/completions
                sdkgen completion fish > ~/.config/fish/completions/sdkgen.fish
            """,
        options: [],
        arguments: [ArgumentSpec(name: "shell", values: ["bash", "zsh", "fish"], help: "The shell: bash, zsh or fish.")]
    )

    var shell: String

    init(arguments: ParsedArguments) throws {
        shell = arguments.arguments[0]
    }

    func run(in context: CommandContext) -> ExitStatus {
        let completion = CompletionModel(tool: CommandLineTool.name, options: CommandLineTool.toolOptions,
                                         commands: CommandLineTool.specifications.filter { !$0.isHidden },
                                         connectorLister: ListConnectorsCommand.spec.name)
        switch shell {
        case "bash": context.console.writeOutput(BashCompletion.script(completion))
        case "zsh": context.console.writeOutput(ZshCompletion.script(completion))
        default: context.console.writeOutput(FishCompletion.script(completion))
        }
        return .success
    }
}
