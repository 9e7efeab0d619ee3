import Diagnostics
import Dispatch
import Foundation
import Output
import Pipeline
import Project
import Watch

/// `sdkgen generate`: renders the Swift package of every `swiftSdk` entry and brings the output
/// folders up to date; `--check` compares instead of writing, `--watch` keeps regenerating.
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
            .value("project", valueName: "dir", completion: .directory, help: "The folder with dataconnect.yaml (or that file), or a Firebase project root (default: . then ./dataconnect)."),
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

    var projectDirectory: String?
    var connectors: Set<String>?
    var check: Bool
    var watch: Bool
    var interval: UInt64
    var verbose: Bool
    /// `--sources-only`, with the folder still relative to the current folder; its connector is
    /// empty until `--config` is read.
    var sources: Generator.SourcesTarget?
    /// `--config`: the sdkgen.json naming the project and connector, read when the command runs.
    var sourcesConfig: String?

    init(arguments: ParsedArguments) throws {
        projectDirectory = arguments.value("project")
        let ids = arguments.values("connector")
        connectors = ids.isEmpty ? nil : Set(ids)
        check = arguments.flag("check")
        watch = arguments.flag("watch")
        verbose = arguments.flag("verbose")
        if check, watch {
            throw UsageError("'--check' and '--watch' cannot be used together.", command: Self.spec.name)
        }
        interval = 300
        if let text = arguments.value("interval") {
            guard watch else { throw UsageError("'--interval' only applies with '--watch'.", command: Self.spec.name) }
            guard let value = UInt64(text), value > 0, value <= 60_000 else {
                throw UsageError("The value of '--interval' must be a whole number of milliseconds from 1 to 60000, found '\(text)'.",
                                 command: Self.spec.name)
            }
            interval = value
        }
        sources = try Self.sourcesTarget(arguments, watch: watch)
        sourcesConfig = arguments.value("config")
    }

    /// `--sources-only <dir> --module <name>` with its one `--connector`, or nil without `--sources-only`.
    private static func sourcesTarget(_ arguments: ParsedArguments, watch: Bool) throws -> Generator.SourcesTarget? {
        guard let directory = arguments.value("sources-only") else {
            for option in ["module", "config"] where arguments.value(option) != nil {
                throw UsageError("'--\(option)' only applies with '--sources-only'.", command: spec.name)
            }
            return nil
        }
        guard !directory.isEmpty else { throw UsageError("The value of '--sources-only' must not be empty.", command: spec.name) }
        if watch { throw UsageError("'--sources-only' and '--watch' cannot be used together.", command: spec.name) }
        let ids = Set(arguments.values("connector"))
        let connector: String
        if arguments.value("config") != nil {
            guard ids.isEmpty, arguments.value("project") == nil else {
                throw UsageError("'--config' names the project and the connector; leave out '--project' and '--connector'.", command: spec.name)
            }
            connector = ""
        } else {
            guard ids.count == 1, let id = ids.first else {
                throw UsageError("'--sources-only' writes the sources of one connector: give exactly one '--connector <id>' (or '--config <file>').",
                                 command: spec.name)
            }
            connector = id
        }
        guard let module = arguments.value("module") else {
            throw UsageError("'--sources-only' needs '--module <name>', the module of the target that compiles the sources.", command: spec.name)
        }
        guard Generator.SourcesTarget.isValidModule(module) else {
            throw UsageError("The value of '--module' must be a Swift module name (letters, digits and '_', not starting with a digit, no keyword), found '\(module)'.",
                             command: spec.name)
        }
        return Generator.SourcesTarget(connector: connector, directory: directory, module: module)
    }

    func run(in context: CommandContext) -> ExitStatus {
        guard let command = readingSourcesConfig(in: context) else { return .failure }
        return command.execute(in: context)
    }

    /// This command with the project and connector of `--config`, read now so that a build sees
    /// every edit of the file; nil after reporting why it cannot be used.
    private func readingSourcesConfig(in context: CommandContext) -> GenerateCommand? {
        guard let sourcesConfig, var sources else { return self }
        let (config, diagnostics) = SourcesConfigFile.read(context.absolutePath(sourcesConfig))
        var problems = DiagnosticCollector()
        problems.append(contentsOf: diagnostics)
        context.report(problems)
        guard let config else { return nil }
        var command = self
        command.projectDirectory = config.project
        command.connectors = [config.connector]
        sources.connector = config.connector
        command.sources = sources
        return command
    }

    private func execute(in context: CommandContext) -> ExitStatus {
        if watch { return runWatching(in: context) }
        let start = DispatchTime.now().uptimeNanoseconds
        guard var compilation = compile(in: context) else { return sourcesConfig == nil ? .usage : .failure }
        if check { return checkOutput(compilation, in: context) }
        guard !compilation.hasErrors, let project = compilation.project else {
            context.report(compilation.diagnostics)
            return .failure
        }
        guard let result = write(&compilation, project, in: context), !result.hasErrors else { return .failure }
        if let sources {
            context.console.writeOutput(Self.summary(result.summary, of: sources.connector, since: start) + "\n")
            return .success
        }
        if compilation.packages.isEmpty {
            context.console.writeError("note: no connector.yaml has a generate.swiftSdk entry, so there is nothing to generate\n")
        }
        context.console.writeOutput(Self.replacements(result.summary.replaced, verb: "replaced", in: context)
            + Self.summary(result.summary, since: start) + "\n")
        return .success
    }

    /// Runs the pipeline through emission; nil after reporting an unknown connector: a usage error
    /// when `--connector` names it, an error in the file when `--config`'s file does.
    private func compile(in context: CommandContext) -> Compilation? {
        let compilation = Generator.generate(.init(projectDirectory: projectDirectory, currentDirectory: context.currentDirectory,
                                                   lastStage: .emit, connectors: connectors, sources: sources.map {
            Generator.SourcesTarget(connector: $0.connector, directory: context.absolutePath($0.directory), module: $0.module)
        }))
        if let connectors, let project = compilation.project {
            let known = project.connectors.map(\.config.connectorId)
            for id in connectors.sorted() where !known.contains(id) {
                var help = ""
                if let suggestion = Suggestion.closest(to: id, in: known) {
                    help = " Did you mean '\(suggestion)'?"
                } else if known.isEmpty {
                    help = " The project has no connectors."
                } else {
                    help = " The project's connectors: " + known.sorted().map { "'\($0)'" }.joined(separator: ", ") + "."
                }
                if let sourcesConfig {
                    let file = SourceFile(path: context.absolutePath(sourcesConfig), bytes: [])
                    var problems = DiagnosticCollector()
                    problems.append(.error("unknown connector '\(id)'." + help, in: file, at: nil))
                    context.report(problems)
                } else {
                    let message = "Unknown connector '\(id)' for '--connector'." + help
                    context.console.writeError(CommandLineTool.usageMessage(for: UsageError(message, command: Self.spec.name)))
                }
                return nil
            }
        }
        return compilation
    }

    /// The sources-only folder belongs to a build, not to the project, so it is not recorded: a
    /// later `generate` must not retire it as a package that moved.
    private func plan(_ compilation: Compilation, _ project: Project) -> OutputPlan {
        if sources != nil { return OutputPlan(packages: compilation.packages, recordFile: nil, connectors: connectors) }
        return OutputPlan(packages: compilation.packages, recordFile: project.directory + "/.dataconnect/sdkgen-packages",
                          connectors: connectors, keptConnectors: compilation.connectorsKeepingPackages)
    }

    /// The project's output lock; none for `--sources-only`, whose folder is the build's (a
    /// sandboxed build step may not write into the project, and the build runs it once at a time).
    private func outputLock(_ project: Project, shared: Bool, in context: CommandContext) -> Result<OutputLock?, DiagnosticError> {
        guard sources == nil else { return .success(nil) }
        return ProjectOutputLock.acquire(for: project, shared: shared, in: context).map { $0 }
    }

    private func checkOutput(_ compilation: Compilation, in context: CommandContext) -> ExitStatus {
        context.report(compilation.diagnostics)
        guard !compilation.hasErrors, let project = compilation.project else {
            context.console.writeError("The project has errors, so the generated output cannot be checked.\n")
            return .failure
        }
        // Shared: other checks run alongside, but no writer is half-way through the output.
        let lock: OutputLock?
        switch outputLock(project, shared: true, in: context) {
        case .success(let taken): lock = taken
        case .failure(let error):
            context.report(error)
            return .failure
        }
        let report = withExtendedLifetime(lock) { OutputWriter.check(plan(compilation, project), currentDirectory: context.currentDirectory) }
        var problems = DiagnosticCollector()
        problems.append(contentsOf: report.diagnostics)
        context.report(problems)
        if report.hasErrors {
            context.console.writeError("The output folders cannot be checked; see the errors above.\n")
            return .failure
        }
        guard report.isCurrent else {
            context.console.writeOutput(Self.replacements(report.replaced, verb: "would replace", in: context)
                + report.render(displayPath: context.displayPath) + "\n")
            context.console.writeError("Generated code is stale: \(report.summary). Run 'sdkgen generate' and commit the result.\n")
            return .failure
        }
        let what = sources.map { "the sources of connector '\($0.connector)'" } ?? "\(report.packages) \(report.packages == 1 ? "package" : "packages")"
        context.console.writeOutput("Generated code is up to date (\(what)).\n")
        return .success
    }

    private func runWatching(in context: CommandContext) -> ExitStatus {
        let base = ProjectDiscovery.folder(named: projectDirectory ?? ".", currentDirectory: context.currentDirectory)
        // Re-read from scratch after every configuration change, whatever the last load said, so
        // that no error (a broken connector.yaml, a missing folder) shrinks what is watched for good.
        let loop = WatchLoop(interval: interval, roots: { [projectDirectory] in
            let loaded = ProjectLoader.load(projectDirectory: projectDirectory, currentDirectory: context.currentDirectory)
            guard var roots = loaded.project.map(WatchRoots.init(project:)) else { return .fallback(projectDirectory: base) }
            // firebase.json may name the project folder: a change there moves the whole project.
            roots.files.append(RelativePath.normalized(base + "/" + WatchRoots.firebaseJSON))
            return roots
        }, onChange: { changes in
            context.console.writeOutput("changed: \(changes.summary(displayPath: context.displayPath))\n")
            regenerate(in: context)
        })
        loop.run {
            regenerate(in: context)
            context.console.writeOutput("watching \(loop.watchedFileCount) files every \(interval) ms; press Ctrl-C to stop\n")
        }
        context.console.writeOutput("stopped watching\n")
        return .success
    }

    /// One generation in watch mode: on errors the last good output stays on disk.
    private func regenerate(in context: CommandContext) {
        let start = DispatchTime.now().uptimeNanoseconds
        guard var compilation = compile(in: context) else { return }
        guard !compilation.hasErrors, let project = compilation.project else {
            context.report(compilation.diagnostics)
            context.console.writeOutput("errors found; the previous output is left as it was\n")
            return
        }
        if let result = write(&compilation, project, in: context), !result.hasErrors {
            context.console.writeOutput(Self.replacements(result.summary.replaced, verb: "replaced", in: context)
                + Self.summary(result.summary, since: start) + "\n")
        }
    }

    /// Writes the rendered packages under the project's output lock and reports every diagnostic of
    /// the run (and the timings with `--verbose`); nil when the lock could not be taken.
    private func write(_ compilation: inout Compilation, _ project: Project, in context: CommandContext) -> WriteResult? {
        var diagnostics = compilation.diagnostics
        let lock: OutputLock?
        switch outputLock(project, shared: false, in: context) {
        case .success(let taken): lock = taken
        case .failure(let error):
            diagnostics.append(contentsOf: error.diagnostics)
            context.report(diagnostics)
            return nil
        }
        let outputPlan = plan(compilation, project)
        let result = withExtendedLifetime(lock) {
            compilation.timings.measure(.write) { OutputWriter.write(outputPlan, currentDirectory: context.currentDirectory) }
        }
        diagnostics.append(contentsOf: result.diagnostics)
        context.report(diagnostics)
        if verbose { context.console.writeError("timing: \(compilation.timings.summary)\n") }
        return result
    }

    /// `replaced the package Firebase's generator wrote in generated/MoviesSDK`, one line per package.
    static func replacements(_ packages: [ReplacedPackage], verb: String, in context: CommandContext) -> String {
        packages.map { "\(verb) the package \($0.generator) wrote in \(context.displayPath($0.directory))\n" }.joined()
    }

    /// `generated 2 packages: 3 written, 40 unchanged, 1 deleted in 12.5 ms`
    static func summary(_ summary: WriteSummary, since start: UInt64) -> String {
        counts(summary, heading: "generated \(summary.packages) \(summary.packages == 1 ? "package" : "packages")", since: start)
    }

    /// `generated the sources of connector 'movies': 2 written, 0 unchanged, 0 deleted in 8.1 ms`
    static func summary(_ summary: WriteSummary, of connector: String, since start: UInt64) -> String {
        counts(summary, heading: "generated the sources of connector '\(connector)'", since: start)
    }

    private static func counts(_ summary: WriteSummary, heading: String, since start: UInt64) -> String {
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        var text = heading + ": "
        text += "\(summary.written.count) written, \(summary.unchanged) unchanged, \(summary.deleted.count) deleted"
        if summary.leftoversRemoved > 0 { text += ", \(summary.leftoversRemoved) leftover temporary files removed" }
        return text + " in " + DurationText.milliseconds(milliseconds)
    }
}
