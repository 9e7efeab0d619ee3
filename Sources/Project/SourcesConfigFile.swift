import Diagnostics
import Foundation

/// `sdkgen.json`: the project and connector whose sources a build target compiles, for
/// `sdkgen generate --sources-only --config` (the SwiftPM build-tool plugin passes the target's
/// file). sdkgen reads it at every run, so an edit takes effect at the next build.
///
/// ```json
/// {"project": "../../dataconnect", "connector": "movies"}
/// ```
public struct SourcesConfigFile: Sendable {
    public static let fileName = "sdkgen.json"
    static let keys = ["connector", "project"]

    /// The project folder as given, joined to the folder of the file when relative.
    public var project: String
    /// The `connectorId` of the connector.
    public var connector: String

    /// Reads the file at `path` (absolute); nil with the reasons when it is missing or malformed.
    public static func read(_ path: String, fileSystem: some ProjectFileSystem = LocalFileSystem()) -> (config: SourcesConfigFile?, diagnostics: [Diagnostic]) {
        var unreadable = DiagnosticCollector()
        guard let file = SourceReader(fileSystem: fileSystem).readFile(path, namedBy: nil, diagnostics: &unreadable) else {
            return (nil, unreadable.diagnostics)
        }
        func fail(_ message: String) -> (SourcesConfigFile?, [Diagnostic]) { (nil, [.error(.projectSourcesConfig, message, in: file, at: nil)]) }
        guard let fields = try? JSONSerialization.jsonObject(with: Data(file.bytes)) as? [String: Any] else {
            return fail("\(fileName) is not a JSON object; write {\"project\": \"<folder with dataconnect.yaml>\", \"connector\": \"<connectorId>\"}")
        }
        if let unknown = fields.keys.sorted().first(where: { !keys.contains($0) }) {
            var message = "unknown key \"\(unknown)\" in \(fileName)"
            if let suggestion = Suggestion.closest(to: unknown, in: keys) { message += "; did you mean \"\(suggestion)\"?" }
            return fail(message)
        }
        guard let project = fields["project"] as? String, !project.isEmpty else {
            return fail("\(fileName) needs \"project\": the folder with dataconnect.yaml (or a Firebase project root), relative to \(fileName)")
        }
        guard let connector = fields["connector"] as? String, !connector.isEmpty else {
            return fail("\(fileName) needs \"connector\": the connectorId of the connector whose sources to generate")
        }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (SourcesConfigFile(project: RelativePath.join(folder.isEmpty ? "/" : folder, project), connector: connector), [])
    }
}
