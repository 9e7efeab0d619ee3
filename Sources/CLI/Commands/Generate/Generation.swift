import Diagnostics
import Dispatch
import Output
import Pipeline
import Project

/// What every mode of `generate` shares: the pipeline for the selected connectors, the output written or compared.
struct Generation {
    let context: CommandContext
    let projectDirectory: String?
    let connectors: Set<String>?
    /// With `--sources-only`: the connector whose sources go into the build's folder (absolute).
    let sources: Generator.SourcesTarget?
    /// The sdkgen.json that named the connector (`--config`): an unknown one is an error in that file.
    let configFile: String?
    let verbose: Bool

    /// How a run ends once `compile` reported an unknown connector: a usage error, unless a file named it.
    private var unknownConnectorStatus: ExitStatus { configFile == nil ? .usage : .failure }

    /// `sdkgen generate` (also `--sources-only`): writes the output once; `watching`, it says errors keep the last output.
    func runWrite(announced: inout String?, watching: Bool = false) -> ExitStatus {
        let start = DispatchTime.now().uptimeNanoseconds
        guard let compilation = compile(announced: &announced) else { return unknownConnectorStatus }
        guard !compilation.hasErrors, let project = compilation.project else {
            context.report(compilation.diagnostics)
            if watching { context.console.writeOutput("errors found; the previous output is left as it was\n") }
            return .failure
        }
        var writeTime = 0.0
        let written = output(compilation, project, shared: false, diagnostics: \.diagnostics) { plan in
            let start = DispatchTime.now().uptimeNanoseconds
            defer { writeTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000 }
            return OutputWriter.write(plan, currentDirectory: context.currentDirectory)
        }
        // Writing is no stage of the pipeline, but `--verbose` shows where the whole run went.
        if verbose, written != nil {
            context.console.writeError("timing: \(compilation.timings.summary), write \(DurationText.milliseconds(writeTime))\n")
        }
        guard let result = written, !result.hasErrors else { return .failure }
        if compilation.packages.isEmpty, !watching, sources == nil {
            context.console.writeError("note: no connector.yaml has a generate.swiftSdk entry, so there is nothing to generate\n")
        }
        context.console.writeOutput(summary(result.summary, since: start) + "\n")
        return .success
    }

    /// `sdkgen generate --check` (also `--sources-only`): compares the output with what a write would leave; fails if stale.
    func runCheck() -> ExitStatus {
        var announced: String?
        guard let compilation = compile(announced: &announced) else { return unknownConnectorStatus }
        guard !compilation.hasErrors, let project = compilation.project else {
            context.report(compilation.diagnostics)
            context.console.writeError("The project has errors, so the generated output cannot be checked.\n")
            return .failure
        }
        // Under the shared lock: other checks run alongside, but no writer is half-way through the output.
        guard let report = output(compilation, project, shared: true, diagnostics: \.diagnostics, {
            OutputWriter.check($0, currentDirectory: context.currentDirectory)
        }) else { return .failure }
        if report.hasErrors {
            context.console.writeError("The output folders cannot be checked; see the errors above.\n")
            return .failure
        }
        guard report.isCurrent else {
            context.console.writeOutput(replacements(report.replaced, verb: "would replace")
                + report.render(displayPath: context.displayPath) + "\n")
            context.console.writeError("Generated code is stale: \(report.summary). Run 'sdkgen generate' and commit the result.\n")
            return .failure
        }
        let what = sources.map { "the sources of connector '\($0.connector)'" }
            ?? "\(report.packages) \(report.packages == 1 ? "package" : "packages")"
        context.console.writeOutput("Generated code is up to date (\(what)).\n")
        return .success
    }

    /// Runs the pipeline through emission; nil after reporting an unknown connector (found on loading, before any parsing).
    /// `announced` is the project folder last announced: a run in the same folder doesn't say it again.
    private func compile(announced: inout String?) -> Compilation? {
        let options = Generator.Options(projectDirectory: projectDirectory, currentDirectory: context.currentDirectory,
                                        lastStage: .emit, connectors: connectors, sources: sources)
        var loading = options
        loading.lastStage = .load
        let loaded = Generator.generate(loading)
        if loaded.location?.directory != announced {
            context.announce(loaded.location)
            announced = loaded.location?.directory
        }
        if let project = loaded.project, let selected = options.connectors {
            let known = project.connectors.map(\.config.connectorId)
            if let unknown = selected.sorted().first(where: { !known.contains($0) }) {
                reportUnknownConnector(unknown, known: known)
                return nil
            }
        }
        return Generator.generate(options, from: loaded)
    }

    /// What follows "unknown connector": the closest id, or the ids there are (also for `sdkgen init`).
    static func unknownConnectorHelp(_ id: String, known: [String]) -> String {
        if let suggestion = Suggestion.closest(to: id, in: known) {
            " Did you mean '\(suggestion)'?"
        } else if known.isEmpty {
            " The project has no connectors."
        } else {
            " The project's connectors: " + known.sorted().map { "'\($0)'" }.joined(separator: ", ") + "."
        }
    }

    private func reportUnknownConnector(_ id: String, known: [String]) {
        let help = Self.unknownConnectorHelp(id, known: known)
        if let configFile {
            let file = SourceFile(path: configFile, bytes: [])
            context.report([.error(.projectUnknownConnector, "unknown connector '\(id)'." + help, in: file, at: nil)])
        } else {
            let message = "Unknown connector '\(id)' for '--connector'." + help
            context.console.writeError(CommandLineTool.usageMessage(for: GenerateCommand.usage(message)))
        }
    }

    /// Runs `body` on the plan under the project's lock, then reports all diagnostics; nil without the lock. A sources-only
    /// folder is a build's, one step at a time: no lock, and no record (a later `generate` must not retire it as moved).
    private func output<R>(_ compilation: Compilation, _ project: Project, shared: Bool, diagnostics found: KeyPath<R, [Diagnostic]>,
                           _ body: (OutputPlan) -> R) -> R? {
        var diagnostics = compilation.diagnostics
        let record = sources == nil ? project.directory + "/.dataconnect/sdkgen-packages" : nil
        let plan = OutputPlan(packages: compilation.packages, recordFile: record, connectors: connectors,
                              keptConnectors: compilation.connectorsKeepingPackages)
        let result = sources != nil ? body(plan)
            : context.withOutputLock(of: project, shared: shared, diagnostics: &diagnostics) { body(plan) }
        diagnostics.append(contentsOf: result?[keyPath: found] ?? [])
        context.report(diagnostics)
        return result
    }

    /// `replaced the package Firebase's generator wrote in generated/MoviesSDK`, one line per package.
    private func replacements(_ packages: [ReplacedPackage], verb: String) -> String {
        packages.map { "\(verb) the package \($0.generator) wrote in \(context.displayPath($0.directory))\n" }.joined()
    }

    /// `generated 2 packages (gen/A, gen/B): 3 written, 40 unchanged, 1 deleted in 12.5 ms` (a few folders named), after
    /// the packages replaced; `generated the sources of connector 'movies': ...` with `--sources-only`.
    private func summary(_ summary: WriteSummary, since start: UInt64) -> String {
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        let count = summary.packages.count
        var heading = "generated \(count) \(count == 1 ? "package" : "packages")"
        if let sources {
            heading = "generated the sources of connector '\(sources.connector)'"
        } else if (1...3).contains(count) {
            heading += " (\(summary.packages.map(context.displayPath).joined(separator: ", ")))"
        }
        var text = replacements(summary.replaced, verb: "replaced") + heading
        text += ": \(summary.written.count) written, \(summary.unchanged) unchanged, \(summary.deleted.count) deleted"
        if summary.leftoversRemoved > 0 { text += ", \(summary.leftoversRemoved) leftover temporary files removed" }
        return text + " in " + DurationText.milliseconds(milliseconds)
    }
}
