import Diagnostics
import Foundation
import Output
import Project

extension CommandContext {
    /// Runs `body` holding the `OutputLock` on `project`'s `dataconnect.yaml`, exclusively to write, `shared` to check,
    /// saying on standard error when it has to wait; nil (`body` not run, an error in `diagnostics`) without the lock.
    func withOutputLock<T>(of project: Project, shared: Bool, diagnostics: inout DiagnosticCollector, _ body: () -> T) -> T? {
        let path = project.configFile.path
        // How long a run waits for another one: `SDKGEN_LOCK_TIMEOUT` seconds, 60 by default.
        let timeout = ProcessInfo.processInfo.environment["SDKGEN_LOCK_TIMEOUT"].flatMap(Double.init) ?? 60
        do {
            return try OutputLock.withLock(on: path, shared: shared, timeout: timeout, waiting: { holder in
                console.writeError("waiting for another sdkgen \(holder.doing) this project's output (lock on \(displayPath(path)))\n")
            }, body)
        } catch {
            let reason = (error as? FileSystemError)?.reason ?? "\(error)"
            diagnostics.append(Diagnostic(.error, .outputLockFailed, "cannot lock '\(displayPath(path))': \(reason)"))
            return nil
        }
    }
}
