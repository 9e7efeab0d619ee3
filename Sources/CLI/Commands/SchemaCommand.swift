import Diagnostics
import Foundation
import Output
import Pipeline
import Schema

/// `sdkgen schema`: writes the synthesized schema as SDL in the emulator's layout, so GraphQL editor
/// tooling works without running the emulator.
struct SchemaCommand: Command {
    static let spec = CommandSpec(
        name: "schema",
        abstract: "Write the schema Data Connect synthesizes from your tables as GraphQL files.",
        discussion: """
            Writes prelude.gql and main/{implicit,input,query,mutation,relation}.gql, the layout of the
            Data Connect emulator, into the output folder (default: the project's .dataconnect/schema).
            Together with your schema files they form a complete GraphQL schema for editors and linters.
            Files whose contents are already current are not touched.
            """,
        options: [
            .value("project", valueName: "dir", help: "The folder with dataconnect.yaml, or a Firebase project root (default: . then ./dataconnect)."),
            .value("out", valueName: "dir", help: "Where to write the schema (default: <project>/.dataconnect/schema)."),
            .flag("verbose", help: "Print the time each stage took."),
        ]
    )

    var projectDirectory: String?
    var outputDirectory: String?
    var verbose: Bool

    init(arguments: ParsedArguments) throws {
        projectDirectory = arguments.value("project")
        outputDirectory = arguments.value("out")
        if outputDirectory?.isEmpty == true {
            throw UsageError("The value of '--out' must not be empty.", command: Self.spec.name)
        }
        verbose = arguments.flag("verbose")
    }

    func run(in context: CommandContext) -> ExitStatus {
        let compilation = Generator.generate(.init(projectDirectory: projectDirectory, currentDirectory: context.currentDirectory,
                                                   lastStage: .synthesize))
        context.report(compilation.diagnostics)
        if verbose { context.console.writeError("timing: \(compilation.timings.summary)\n") }
        guard !compilation.hasErrors, let project = compilation.project, let schema = compilation.schema else { return .failure }

        let folder = outputDirectory.map { context.absolutePath($0) } ?? project.directory + "/.dataconnect/schema"
        var written = 0
        var unchanged = 0
        for (path, contents) in SDLRenderer.render(schema).sorted(by: { $0.key < $1.key }) {
            let target = folder + "/" + path
            do {
                switch try FileWriter.write(contents, to: target) {
                case .written: written += 1
                case .unchanged: unchanged += 1
                }
            } catch {
                context.console.writeError("error: cannot write \(context.displayPath(target)): \(error.localizedDescription)\n")
                return .failure
            }
        }
        context.console.writeOutput("\(context.displayPath(folder)): \(written) written, \(unchanged) unchanged\n")
        return .success
    }
}
