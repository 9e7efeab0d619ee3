import CLI
import Foundation

/// Runs `sdkgen` in process with a console that records what a user would see.
public final class CapturedRun: @unchecked Sendable {
    private let lock = NSLock()
    private var stdout = ""
    private var stderr = ""
    public private(set) var status: ExitStatus = .success

    public init(_ arguments: [String], in directory: String, color: Bool = false) {
        let console = Console(
            writeOutput: { [self] text in lock.withLock { stdout += text } },
            writeError: { [self] text in lock.withLock { stderr += text } },
            colorDiagnostics: color
        )
        status = CommandLineTool.run(arguments, in: CommandContext(currentDirectory: directory, console: console))
    }

    public var output: String { lock.withLock { stdout } }
    public var errors: String { lock.withLock { stderr } }
}
