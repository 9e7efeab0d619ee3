import Diagnostics
import Project
import Watch

extension Generation {
    /// `sdkgen generate --watch`: writes, then again after every burst of changes (polled every `interval` ms), until stopped.
    func runWatch(interval: UInt64) -> ExitStatus {
        // Discovery from a subfolder is announced once, and again only if the project moves.
        var announced: String?
        let base = ProjectDiscovery.folder(named: projectDirectory ?? ".", currentDirectory: context.currentDirectory)
        // Re-read after every configuration change, whatever the last load said: no error shrinks what is watched for good.
        let loop = WatchLoop(interval: interval, roots: {
            let loaded = ProjectLoader.load(projectDirectory: projectDirectory, currentDirectory: context.currentDirectory)
            // A project found in a parent folder that does not load is watched where it was found.
            guard var roots = loaded.project.map(WatchRoots.init(project:)) else {
                return .fallback(projectDirectory: loaded.location?.directory ?? base)
            }
            // firebase.json may name the project folder: a change there moves the whole project.
            let firebaseJSON = loaded.location?.firebaseJSON ?? base + "/" + WatchRoots.firebaseJSON
            roots.files.append(RelativePath.normalized(firebaseJSON))
            return roots
        }, onChange: { changes in
            context.console.writeOutput("changed: \(changes.summary(displayPath: context.displayPath))\n")
            _ = runWrite(announced: &announced, watching: true)
        })
        loop.run {
            _ = runWrite(announced: &announced, watching: true)
            context.console.writeOutput("watching \(loop.watchedFileCount) files every \(interval) ms; press Ctrl-C to stop\n")
        }
        context.console.writeOutput("stopped watching\n")
        return .success
    }
}
