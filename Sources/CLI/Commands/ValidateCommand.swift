import Diagnostics
import GraphQL
import Pipeline

/// `sdkgen validate`: loads the project, parses every file and synthesizes the schema, reporting every
/// problem. Writes nothing.
struct ValidateCommand: Command {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check a Data Connect project without generating code.",
        discussion: """
            Reads dataconnect.yaml and every connector.yaml, parses every .gql file of the schema and
            the connectors, and rebuilds the schema Data Connect synthesizes from the @table types.
            Every problem is reported as path:line:col. Exits with 1 when the project has errors.
            """,
        options: [
            .value("project", valueName: "dir", help: "The folder with dataconnect.yaml, or a Firebase project root (default: . then ./dataconnect)."),
            .flag("verbose", help: "Print the time each stage took."),
        ]
    )

    var projectDirectory: String?
    var verbose: Bool

    init(arguments: ParsedArguments) throws {
        projectDirectory = arguments.value("project")
        verbose = arguments.flag("verbose")
    }

    func run(in context: CommandContext) -> ExitStatus {
        let compilation = Pipeline.run(.init(projectDirectory: projectDirectory, currentDirectory: context.currentDirectory,
                                             lastStage: .synthesize))
        context.report(compilation.diagnostics)
        if verbose { context.console.writeError("timing: \(compilation.timings.summary)\n") }
        guard !compilation.hasErrors, let project = compilation.project else { return .failure }
        let operations = compilation.connectors.reduce(0) { total, connector in
            total + connector.documents.reduce(0) { count, document in
                count + document.definitions.filter { if case .operation = $0 { true } else { false } }.count
            }
        }
        let connectors = project.connectors.count
        context.console.writeOutput("""
            \(context.displayPath(project.directory)): \(project.schemaFiles.count) schema \(plural(project.schemaFiles.count, "file")), \
            \(connectors) \(plural(connectors, "connector")), \(operations) \(plural(operations, "operation")): no errors

            """)
        return .success
    }

    private func plural(_ count: Int, _ noun: String) -> String {
        count == 1 ? noun : noun + "s"
    }
}
