import Diagnostics
import Foundation
import Output
import Project

/// The advisory lock on a project's output, `<project>/.dataconnect/sdkgen.lock`: every command
/// that writes output (`generate`, `schema`) holds it exclusively, `generate --check` shares it.
enum ProjectOutputLock {
    /// How long a run waits for another one: `SDKGEN_LOCK_TIMEOUT` seconds, 60 by default.
    static var timeout: Double {
        ProcessInfo.processInfo.environment["SDKGEN_LOCK_TIMEOUT"].flatMap(Double.init) ?? 60
    }

    static func path(of project: Project) -> String {
        project.directory + "/.dataconnect/" + OutputLock.fileName
    }

    /// Takes the lock of `project`, saying on standard error when it has to wait; the error
    /// diagnostic when it could not be taken.
    static func acquire(for project: Project, shared: Bool, in context: CommandContext) -> Result<OutputLock, DiagnosticError> {
        let path = path(of: project)
        do {
            return .success(try OutputLock.acquire(at: path, shared: shared, timeout: timeout) { holder in
                let (who, doing) = OutputLock.describe(holder)
                context.console.writeError("waiting for another sdkgen (\(who)) \(doing) this project's output (\(context.displayPath(path)))\n")
            })
        } catch {
            let reason = (error as? Output.FileSystemError)?.reason ?? "\(error)"
            return .failure(DiagnosticError(Diagnostic(.error, "cannot lock '\(context.displayPath(path))': \(reason)")))
        }
    }
}
