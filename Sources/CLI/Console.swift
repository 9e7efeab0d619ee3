import Foundation

/// Where a command writes: standard output for results, standard error for diagnostics.
///
/// Injected so that tests capture exactly what a user would see.
public struct Console: Sendable {
    public var writeOutput: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    /// Whether diagnostics may be coloured: standard error is a terminal and the user allows colour.
    public var colorDiagnostics: Bool

    public init(writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void, colorDiagnostics: Bool) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.colorDiagnostics = colorDiagnostics
    }

    /// The process's real standard output and error. Colour follows the `NO_COLOR` convention
    /// (https://no-color.org) and is off for `TERM=dumb` and when standard error is not a terminal.
    public static func standard(environment: [String: String]) -> Console {
        Console(
            writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            colorDiagnostics: (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb" && isatty(STDERR_FILENO) == 1
        )
    }
}
