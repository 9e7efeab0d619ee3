import Diagnostics
import GraphQL
import IR
import Pipeline

/// `sdkgen validate`: every stage up to the IR (which `--json` prints), reporting every problem; writes nothing.
struct ValidateCommand: Command {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check a Data Connect project without generating code.",
        discussion: """
            Reads dataconnect.yaml and every connector.yaml, parses every .gql file of the schema and
            the connectors, rebuilds the schema Data Connect synthesizes from the @table types, and
            checks every query and mutation against it. Every problem is reported as path:line:col.
            Exits with 1 when the project has errors.
            """,
        options: [
            .project,
            .flag("json", help: "Print the typed operations and all diagnostics as JSON (see docs/ir-json.md)."),
            .flag("verbose", help: "Print the time each stage took."),
        ]
    )

    var projectDirectory: String?
    var json: Bool
    var verbose: Bool

    init(arguments: ParsedArguments) throws {
        projectDirectory = arguments.value("project")
        json = arguments.flag("json")
        verbose = arguments.flag("verbose")
    }

    func run(in context: CommandContext) -> ExitStatus {
        let compilation = Generator.generate(.init(projectDirectory: projectDirectory, currentDirectory: context.currentDirectory,
                                                   lastStage: .lower))
        if verbose { context.console.writeError("timing: \(compilation.timings.summary)\n") }
        if json {
            // The JSON carries every diagnostic; stderr stays free for tools that merge the streams.
            let base = compilation.project?.directory ?? context.currentDirectory
            context.console.writeOutput(IRJSON.encode(compilation.ir ?? IR(), diagnostics: compilation.diagnostics.diagnostics,
                                                      relativeTo: base) + "\n")
            return compilation.hasErrors ? .failure : .success
        }
        context.announce(compilation.location)
        context.report(compilation.diagnostics)
        guard !compilation.hasErrors, let project = compilation.project else { return .failure }
        let operations = compilation.ir?.connectors.reduce(0) { $0 + $1.operations.count } ?? 0
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
