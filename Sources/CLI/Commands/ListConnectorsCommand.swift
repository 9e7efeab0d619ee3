import Project

/// `sdkgen list-connectors` (hidden): the project's connector ids, one per line, for the completion scripts.
struct ListConnectorsCommand: Command {
    static let spec = CommandSpec(
        name: "list-connectors",
        abstract: "Print the connector ids of the project, one per line (used by shell completion).",
        options: [.project],
        isHidden: true
    )

    var projectDirectory: String?

    init(arguments: ParsedArguments) throws {
        projectDirectory = arguments.value("project")
    }

    func run(in context: CommandContext) -> ExitStatus {
        // Connectors that loaded are listed even when another part of the project has errors.
        guard let project = ProjectLoader.load(projectDirectory: projectDirectory, currentDirectory: context.currentDirectory).project else {
            return .failure
        }
        context.console.writeOutput(project.connectors.map { $0.config.connectorId + "\n" }.joined())
        return .success
    }
}
