import Dispatch

/// `sdkgen generate`: writes every selected package once.
struct WriteMode {
    let generation: Generation

    func run() -> ExitStatus {
        let context = generation.context
        let start = DispatchTime.now().uptimeNanoseconds
        guard let compilation = generation.compile() else { return generation.unknownConnectorStatus }
        guard !compilation.hasErrors, let project = compilation.project else {
            context.report(compilation.diagnostics)
            return .failure
        }
        guard let result = generation.write(compilation, project), !result.hasErrors else { return .failure }
        if compilation.packages.isEmpty {
            context.console.writeError("note: no connector.yaml has a generate.swiftSdk entry, so there is nothing to generate\n")
        }
        context.console.writeOutput(generation.summary(result.summary, since: start) + "\n")
        return .success
    }
}
