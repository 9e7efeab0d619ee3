import Diagnostics
import Project

/// What every command gets from the tool: where it runs and where it writes.
public struct CommandContext: Sendable {
    public var currentDirectory: String
    public var console: Console

    public init(currentDirectory: String, console: Console) {
        self.currentDirectory = currentDirectory
        self.console = console
    }

    /// `path` as shown to the user: relative to the current folder when that is shorter.
    func displayPath(_ path: String) -> String {
        DiagnosticRenderer(currentDirectory: currentDirectory).displayPath(path)
    }

    /// `path` made absolute against the current folder, without `.` parts.
    func absolutePath(_ path: String) -> String {
        RelativePath.join(currentDirectory, path)
    }

    /// Prints diagnostics and their summary to standard error, paths relative to the current folder.
    func report(_ diagnostics: DiagnosticCollector) {
        let renderer = DiagnosticRenderer(currentDirectory: currentDirectory, useColor: console.colorDiagnostics)
        if let text = renderer.render(diagnostics) { console.writeError(text + "\n") }
    }

    func report(_ diagnostics: [Diagnostic]) {
        var collector = DiagnosticCollector()
        collector.append(contentsOf: diagnostics)
        report(collector)
    }

    /// Says on standard error which project is used when discovery found it in a parent folder, which may surprise.
    func announce(_ location: ProjectLocation?) {
        guard let location, location.isInParentFolder else { return }
        let named = location.firebaseJSON.map { " (named by \(displayPath($0)))" } ?? ""
        console.writeError("using the project in \(displayPath(location.directory + "/dataconnect.yaml"))\(named)\n")
    }
}

/// One subcommand of `sdkgen`.
protocol Command {
    static var spec: CommandSpec { get }
    /// Reads the command's options; throws `UsageError` for values that are malformed.
    init(arguments: ParsedArguments) throws
    /// Runs the command; a thrown `UsageError` or `DiagnosticError` is reported by the tool.
    func run(in context: CommandContext) throws -> ExitStatus
}

extension Command {
    static func usage(_ message: String) -> UsageError {
        UsageError(message, command: spec.name)
    }
}
