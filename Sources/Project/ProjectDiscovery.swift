import Diagnostics
import Foundation

/// Where discovery found a project.
public struct ProjectLocation: Sendable, Equatable {
    /// The folder holding `dataconnect.yaml`.
    public var directory: String
    /// The `firebase.json` that named `directory`, when discovery went through one.
    public var firebaseJSON: String?
    /// Whether discovery climbed to a parent of the current folder to find it, which the user is told.
    public var isInParentFolder = false
}

/// Where discovery found a project, or why it did not.
public enum ProjectSearch: Sendable, Equatable {
    /// The project, and how discovery got there.
    case found(ProjectLocation)
    /// No candidate exists; `explanation` says where discovery looked, for the error message.
    case notFound(explanation: String)
    /// A candidate exists but cannot be used (such as a broken `firebase.json`); reported as diagnostics.
    case failed
}

/// Finds the folder holding `dataconnect.yaml`.
///
/// With `--project DIR`: DIR itself, or the service named by DIR's `firebase.json`
/// (`"dataconnect": {"source": ...}` or a list with one such entry); `--project DIR/dataconnect.yaml`
/// names DIR. Without it, as git finds its repository: the current folder (the same two ways, then
/// `./dataconnect/`), then each parent folder in turn, up to the first one that holds `.git` or
/// `firebase.json`, or `/`.
public enum ProjectDiscovery {
    static let configName = "dataconnect.yaml"
    private static let firebaseJSONName = "firebase.json"
    private static let nestedFolderName = "dataconnect"

    /// The folder a `--project` value names (made absolute against `currentDirectory`): the value
    /// itself, or the folder of the `dataconnect.yaml` file it names.
    public static func folder(named projectArgument: String, currentDirectory: String,
                              fileSystem: ProjectFileSystem = LocalFileSystem()) -> String {
        let path = RelativePath.join(currentDirectory, projectArgument)
        guard RelativePath.components(path).last == configName, fileSystem.isFile(path), let parent = RelativePath.parent(path) else { return path }
        return parent.isEmpty ? "/" : parent
    }

    /// Finds the project folder without loading it, telling "there is no project here" (`sdkgen init`
    /// then creates one) from a project that exists and cannot be used.
    public static func find(projectDirectory: String?, currentDirectory: String, fileSystem: ProjectFileSystem = LocalFileSystem(),
                            diagnostics: inout DiagnosticCollector) -> ProjectSearch {
        guard let projectDirectory else {
            return climb(from: currentDirectory, fileSystem: fileSystem, diagnostics: &diagnostics)
        }
        let base = folder(named: projectDirectory, currentDirectory: currentDirectory, fileSystem: fileSystem)
        if fileSystem.isFile(base) {
            diagnostics.append(Diagnostic(.error, .projectOptionNamesFile, "--project names the file \(base); pass the folder holding dataconnect.yaml, or dataconnect.yaml itself"))
            return .failed
        }
        guard fileSystem.isDirectory(base) else {
            diagnostics.append(Diagnostic(.error, .projectFolderMissing, "project folder \(base) does not exist"))
            return .failed
        }
        if let outcome = search(base, nested: false, fileSystem: fileSystem, diagnostics: &diagnostics) { return outcome }
        // No "pass --project" here: the user did, and needs to know what the folder lacks.
        return .notFound(explanation: "looked for dataconnect.yaml and firebase.json in \(base) (--project takes the folder holding "
            + "dataconnect.yaml, that file, or a Firebase project root whose firebase.json names it)")
    }

    /// Searches `currentDirectory`, then its parents, stopping after a repository root (`.git`, a folder or a worktree's
    /// file), a Firebase project root without Data Connect, or `/`: a project beyond those is not the user's.
    private static func climb(from currentDirectory: String, fileSystem: ProjectFileSystem,
                              diagnostics: inout DiagnosticCollector) -> ProjectSearch {
        var directory = currentDirectory
        while true {
            switch search(directory, nested: true, fileSystem: fileSystem, diagnostics: &diagnostics) {
            case .found(var location)?:
                location.isInParentFolder = directory != currentDirectory
                return .found(location)
            case let outcome?:
                return outcome
            case nil:
                break
            }
            let git = RelativePath.join(directory, ".git")
            let stop: String? = if fileSystem.isFile(git) || fileSystem.isDirectory(git) {
                "the repository root \(directory)"
            } else if fileSystem.isFile(RelativePath.join(directory, firebaseJSONName)) {
                "\(directory), whose firebase.json names no Data Connect service"
            } else if RelativePath.components(directory).isEmpty {
                directory
            } else {
                nil
            }
            if let stop {
                let candidates = "\(configName), \(firebaseJSONName) and \(nestedFolderName)/\(configName)"
                let folders = directory == currentDirectory ? currentDirectory : "\(currentDirectory) and each parent folder up to \(stop)"
                return .notFound(explanation: "looked for \(candidates) in \(folders) (pass --project with the folder holding dataconnect.yaml)")
            }
            directory = RelativePath.normalized(directory + "/..")
        }
    }

    /// `dataconnect.yaml` in `directory`, else the service its `firebase.json` names, else (when `nested`) where `firebase
    /// init` and `sdkgen init` put it, `dataconnect/dataconnect.yaml`; `.failed` is reported; nil when there is none.
    private static func search(_ directory: String, nested: Bool, fileSystem: ProjectFileSystem,
                               diagnostics: inout DiagnosticCollector) -> ProjectSearch? {
        if fileSystem.isFile(RelativePath.join(directory, configName)) { return .found(ProjectLocation(directory: directory)) }
        let firebaseJSON = RelativePath.join(directory, firebaseJSONName)
        if fileSystem.isFile(firebaseJSON),
           let outcome = readFirebaseJSON(firebaseJSON, directory: directory, fileSystem: fileSystem, diagnostics: &diagnostics) {
            return outcome
        }
        let subfolder = RelativePath.join(directory, nestedFolderName)
        if nested, fileSystem.isFile(RelativePath.join(subfolder, configName)) { return .found(ProjectLocation(directory: subfolder)) }
        return nil
    }

    private static func readFirebaseJSON(_ path: String, directory: String, fileSystem: ProjectFileSystem,
                                         diagnostics: inout DiagnosticCollector) -> ProjectSearch? {
        guard let file = SourceReader(fileSystem: fileSystem).readFile(path, namedBy: nil, diagnostics: &diagnostics) else {
            return .failed
        }
        func fail(_ message: String) -> ProjectSearch {
            diagnostics.append(.error(.projectFirebaseJSON, message, in: file, at: nil))
            return .failed
        }
        guard let json = try? JSONSerialization.jsonObject(with: Data(file.bytes)) as? [String: Any] else {
            return fail("firebase.json is not a JSON object")
        }
        guard let entry = json["dataconnect"] else { return nil }
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
        let serviceDirectory = RelativePath.join(directory, source)
        guard fileSystem.isFile(RelativePath.join(serviceDirectory, configName)) else {
            return fail("firebase.json names the Data Connect source \"\(source)\", but \(RelativePath.join(serviceDirectory, configName)) does not exist")
        }
        return .found(ProjectLocation(directory: serviceDirectory, firebaseJSON: path))
    }
}
