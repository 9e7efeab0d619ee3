import Diagnostics
import Foundation

/// Where discovery found a project, or why it did not.
public enum ProjectSearch: Sendable, Equatable {
    /// The folder holding `dataconnect.yaml`.
    case found(String)
    /// No candidate exists; `lookedAt` lists every path tried, in order.
    case notFound(lookedAt: [String])
    /// A candidate exists but cannot be used (such as a broken `firebase.json`); reported as diagnostics.
    case failed
}

/// Finds the folder holding `dataconnect.yaml`.
///
/// With `--project DIR`: DIR itself, or the service named by DIR's `firebase.json`
/// (`"dataconnect": {"source": ...}` or a list with one such entry); `--project DIR/dataconnect.yaml`
/// names DIR. Without it: the current folder (the same two ways), then `./dataconnect/`.
public enum ProjectDiscovery {
    static let configName = "dataconnect.yaml"

    /// The folder a `--project` value names (made absolute against `currentDirectory`): the value
    /// itself, or the folder of the `dataconnect.yaml` file it names.
    public static func folder(named projectArgument: String, currentDirectory: String,
                              fileSystem: ProjectFileSystem = LocalFileSystem()) -> String {
        let path = ProjectPath.join(currentDirectory, projectArgument)
        guard RelativePath.components(path).last == configName, fileSystem.isFile(path), let slash = path.lastIndex(of: "/") else { return path }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func locate(projectDirectory: String?, currentDirectory: String, fileSystem: ProjectFileSystem,
                       diagnostics: inout DiagnosticCollector) -> String? {
        switch find(projectDirectory: projectDirectory, currentDirectory: currentDirectory, fileSystem: fileSystem,
                    diagnostics: &diagnostics) {
        case .found(let directory):
            return directory
        case .notFound(let lookedAt):
            diagnostics.append(Diagnostic(.error, "no Data Connect project found; looked for \(lookedAt.joined(separator: ", ")) (pass --project with the folder holding dataconnect.yaml)"))
            return nil
        case .failed:
            return nil
        }
    }

    /// Like `locate`, but tells "there is no project here" (`sdkgen init` then creates one) from a
    /// project that exists and cannot be used.
    static func find(projectDirectory: String?, currentDirectory: String, fileSystem: ProjectFileSystem,
                     diagnostics: inout DiagnosticCollector) -> ProjectSearch {
        var lookedAt: [String] = []
        if let projectDirectory {
            let base = folder(named: projectDirectory, currentDirectory: currentDirectory, fileSystem: fileSystem)
            if fileSystem.isFile(base) {
                diagnostics.append(Diagnostic(.error, "--project names the file \(base); pass the folder holding dataconnect.yaml, or dataconnect.yaml itself"))
                return .failed
            }
            guard fileSystem.isDirectory(base) else {
                diagnostics.append(Diagnostic(.error, "project folder \(base) does not exist"))
                return .failed
            }
            switch search(base, fileSystem: fileSystem, lookedAt: &lookedAt, diagnostics: &diagnostics) {
            case .found(let directory): return .found(directory)
            case .failed: return .failed
            case .notFound: break
            }
        } else {
            switch search(currentDirectory, fileSystem: fileSystem, lookedAt: &lookedAt, diagnostics: &diagnostics) {
            case .found(let directory): return .found(directory)
            case .failed: return .failed
            case .notFound: break
            }
            let nested = ProjectPath.join(currentDirectory, "dataconnect")
            let config = ProjectPath.join(nested, configName)
            lookedAt.append(config)
            if fileSystem.isFile(config) { return .found(nested) }
        }
        return .notFound(lookedAt: lookedAt)
    }

    private enum Outcome {
        case found(String)
        case notFound
        /// The search stopped with an error already reported.
        case failed
    }

    /// `dataconnect.yaml` in `directory`, else the service named by its `firebase.json`.
    private static func search(_ directory: String, fileSystem: ProjectFileSystem, lookedAt: inout [String],
                               diagnostics: inout DiagnosticCollector) -> Outcome {
        let config = ProjectPath.join(directory, configName)
        lookedAt.append(config)
        if fileSystem.isFile(config) { return .found(directory) }
        let firebaseJSON = ProjectPath.join(directory, "firebase.json")
        lookedAt.append(firebaseJSON)
        guard fileSystem.isFile(firebaseJSON) else { return .notFound }
        return readFirebaseJSON(firebaseJSON, directory: directory, fileSystem: fileSystem, diagnostics: &diagnostics)
    }

    private static func readFirebaseJSON(_ path: String, directory: String, fileSystem: ProjectFileSystem,
                                         diagnostics: inout DiagnosticCollector) -> Outcome {
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.readFile(path)
        } catch {
            diagnostics.append(Diagnostic(.error, "cannot read \(path): \(error.localizedDescription)"))
            return .failed
        }
        let file = SourceFile(path: path, bytes: bytes)
        func fail(_ message: String) -> Outcome {
            diagnostics.append(.error(message, in: file, at: nil))
            return .failed
        }
        guard let json = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            return fail("firebase.json is not a JSON object")
        }
        guard let entry = json["dataconnect"] else { return .notFound }
        let services: [Any] = (entry as? [Any]) ?? [entry]
        let sources = services.map { ($0 as? [String: Any])?["source"] as? String }
        guard !sources.isEmpty else { return fail("\"dataconnect\" in firebase.json lists no service") }
        guard sources.allSatisfy({ $0 != nil }) else {
            return fail("every \"dataconnect\" entry in firebase.json needs a \"source\" folder")
        }
        let folders = sources.compactMap { $0 }
        guard folders.count == 1, let source = folders.first else {
            return fail("firebase.json lists \(folders.count) Data Connect services (\(folders.joined(separator: ", "))); pass --project with the folder of one of them")
        }
        let serviceDirectory = ProjectPath.join(directory, source)
        guard fileSystem.isFile(ProjectPath.join(serviceDirectory, configName)) else {
            return fail("firebase.json names the Data Connect source \"\(source)\", but \(ProjectPath.join(serviceDirectory, configName)) does not exist")
        }
        return .found(serviceDirectory)
    }
}
