import Diagnostics
import Output
import Pipeline

/// One warm run in this process of everything `sdkgen generate` does: `Generator.generate` through
/// emission, then the writer bringing the output folder up to date, with the time of each stage
/// and of the writer.
struct WarmRun {
    static var stageNames: [String] { Stage.allCases.map(\.name) + ["write"] }

    /// Seconds per stage, in `stageNames` order (0 for a stage that did not run).
    private(set) var seconds: [Double] = []
    private(set) var errors: [Diagnostic] = []
    private(set) var operations = 0

    init(directory: String) {
        let compilation = Generator.generate(.init(projectDirectory: directory, currentDirectory: directory, lastStage: .emit))
        errors = compilation.diagnostics.diagnostics.filter { $0.severity == .error }
        operations = compilation.ir?.connectors.reduce(0) { $0 + $1.operations.count } ?? 0
        seconds = Stage.allCases.map { compilation.timings.milliseconds($0).map { $0 / 1000 } ?? 0 }
        var write = 0.0
        if errors.isEmpty, let project = compilation.project {
            let plan = OutputPlan(packages: compilation.packages, recordFile: project.directory + "/.dataconnect/sdkgen-packages")
            let start = Stopwatch.now()
            errors += OutputWriter.write(plan).diagnostics.filter { $0.severity == .error }
            write = Stopwatch.now() - start
        }
        seconds.append(write)
    }
}
