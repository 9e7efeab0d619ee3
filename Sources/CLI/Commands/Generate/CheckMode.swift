import Diagnostics
import Output

/// `sdkgen generate --check` (also with `--sources-only`): compares the output with what a write
/// would leave, writes nothing, and fails when it is stale.
struct CheckMode {
    let generation: Generation

    func run() -> ExitStatus {
        let context = generation.context
        guard let compilation = generation.compile() else { return generation.unknownConnectorStatus }
        var diagnostics = compilation.diagnostics
        guard !compilation.hasErrors, let project = compilation.project else {
            context.report(diagnostics)
            context.console.writeError("The project has errors, so the generated output cannot be checked.\n")
            return .failure
        }
        let report = generation.check(compilation, project, diagnostics: &diagnostics)
        diagnostics.append(contentsOf: report?.diagnostics ?? [])
        context.report(diagnostics)
        guard let report else { return .failure }
        if report.hasErrors {
            context.console.writeError("The output folders cannot be checked; see the errors above.\n")
            return .failure
        }
        guard report.isCurrent else {
            context.console.writeOutput(generation.replacements(report.replaced, verb: "would replace")
                + report.render(displayPath: context.displayPath) + "\n")
            context.console.writeError("Generated code is stale: \(report.summary). Run 'sdkgen generate' and commit the result.\n")
            return .failure
        }
        let what = generation.sources.map { "the sources of connector '\($0.connector)'" }
            ?? "\(report.packages) \(report.packages == 1 ? "package" : "packages")"
        context.console.writeOutput("Generated code is up to date (\(what)).\n")
        return .success
    }
}
