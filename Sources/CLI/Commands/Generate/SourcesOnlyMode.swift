import Diagnostics
import Dispatch
import Pipeline
import Project

/// `sdkgen generate --sources-only <dir> --module <name>`: writes (or with `--check` compares) one
/// connector's sources as one file in a build's folder.
struct SourcesOnlyMode {
    let options: GenerateOptions
    let sourcesOnly: GenerateOptions.SourcesOnly
    let context: CommandContext

    func run() -> ExitStatus {
        guard let generation = generation() else { return .failure }
        if sourcesOnly.check { return CheckMode(generation: generation).run() }
        let start = DispatchTime.now().uptimeNanoseconds
        guard let compilation = generation.compile() else { return generation.unknownConnectorStatus }
        guard !compilation.hasErrors, let project = compilation.project else {
            context.report(compilation.diagnostics)
            return .failure
        }
        guard let result = generation.write(compilation, project), !result.hasErrors, let sources = generation.sources else { return .failure }
        let heading = "generated the sources of connector '\(sources.connector)'"
        context.console.writeOutput(Generation.counts(result.summary, heading: heading, since: start) + "\n")
        return .success
    }

    /// The generation of the connector's sources; with `--config`, the file is read now so that a
    /// build sees every edit of it. Nil after reporting why the file cannot be used.
    private func generation() -> Generation? {
        var projectDirectory = options.projectDirectory
        let connector: String
        var configFile: String?
        switch sourcesOnly.connector {
        case .id(let id):
            connector = id
        case .configFile(let file):
            let path = context.absolutePath(file)
            let (config, diagnostics) = SourcesConfigFile.read(path)
            var problems = DiagnosticCollector()
            problems.append(contentsOf: diagnostics)
            context.report(problems)
            guard let config else { return nil }
            (projectDirectory, connector, configFile) = (config.project, config.connector, path)
        }
        let target = Generator.SourcesTarget(connector: connector, directory: context.absolutePath(sourcesOnly.directory), module: sourcesOnly.module)
        return Generation(context: context, projectDirectory: projectDirectory, connectors: [connector], sources: target,
                          configFile: configFile, verbose: options.verbose)
    }
}
