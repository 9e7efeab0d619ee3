import Pipeline
import Project

/// `sdkgen generate`: brings every `swiftSdk` entry's package up to date; `--check` compares, `--watch` keeps regenerating.
struct GenerateCommand: Command {
    static let spec = CommandSpec(
        name: "generate",
        abstract: "Generate the Swift package of every connector's swiftSdk entry.",
        discussion: """
            Runs every stage (load, parse, synthesize, validate, emit) and writes each package into
            <connector>/<outputDir>/<package>. Only files whose bytes change are written, each
            atomically; files sdkgen generated earlier and no longer produces are deleted; files
            sdkgen did not create are never touched, except those of a package Firebase's
            generator wrote in a package folder, which are replaced. A project with errors gets no
            output.

            --check writes nothing and exits with 1 when the committed output is stale (for CI).
            --watch regenerates whenever a .gql or .yaml file of the project changes; stop it with
            Ctrl-C.

            --sources-only <dir> --module <name> --connector <id> writes only that connector's
            Swift sources, as the one file <dir>/DataConnectGenerated.swift (and sdkgen's
            .sdkgen-manifest), for the target <name> to compile: no Package.swift, no README.
            The connector's first swiftSdk entry, if any, chooses the runtime and settings.
            --config <file> takes the project and connector from an sdkgen.json file instead.
            """,
        options: [
            .project,
            .value("connector", valueName: "id", repeatable: true, completion: .connectorIDs, help: "Only generate this connector (repeatable)."),
            .flag("check", help: "Write nothing; exit with 1 if the generated output is missing or stale."),
            .flag("watch", help: "Keep running and regenerate after every change."),
            .value("interval", valueName: "ms", help: "With --watch: milliseconds between polls (default: 300)."),
            .value("sources-only", valueName: "dir", completion: .directory, help: "Write one connector's sources into <dir>, without a package."),
            .value("module", valueName: "name", help: "With --sources-only: the module of the target that compiles them."),
            .value("config", valueName: "file", help: "With --sources-only: the sdkgen.json naming the project and connector."),
            .flag("verbose", help: "Print the time each stage took."),
        ]
    )

    let options: GenerateOptions

    init(arguments: ParsedArguments) throws {
        options = try GenerateOptions(arguments)
    }

    func run(in context: CommandContext) -> ExitStatus {
        guard let generation = generation(in: context) else { return .failure }
        var announced: String?
        switch options.mode {
        case .write: return generation.runWrite(announced: &announced)
        case .check: return generation.runCheck()
        case .watch(let interval): return generation.runWatch(interval: interval)
        case .sourcesOnly(let sourcesOnly): return sourcesOnly.check ? generation.runCheck() : generation.runWrite(announced: &announced)
        }
    }

    /// The generation of the selected packages, or of one connector's sources; `--config`'s file is read now, so that a
    /// build sees every edit of it. Nil after reporting why that file cannot be used.
    private func generation(in context: CommandContext) -> Generation? {
        guard case .sourcesOnly(let sourcesOnly) = options.mode else {
            return Generation(context: context, projectDirectory: options.projectDirectory, connectors: options.connectors, sources: nil,
                              configFile: nil, verbose: options.verbose)
        }
        var projectDirectory = options.projectDirectory
        let connector: String
        var configFile: String?
        switch sourcesOnly.connector {
        case .id(let id):
            connector = id
        case .configFile(let file):
            let path = context.absolutePath(file)
            let (config, diagnostics) = SourcesConfigFile.read(path)
            context.report(diagnostics)
            guard let config else { return nil }
            (projectDirectory, connector, configFile) = (config.project, config.connector, path)
        }
        let target = Generator.SourcesTarget(connector: connector, directory: context.absolutePath(sourcesOnly.directory),
                                             module: sourcesOnly.module)
        return Generation(context: context, projectDirectory: projectDirectory, connectors: [connector], sources: target,
                          configFile: configFile, verbose: options.verbose)
    }
}
