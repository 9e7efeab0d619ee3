import Foundation

/// A target's `sdkgen.json`, which names the Data Connect project and connector whose sources the
/// target compiles:
///
/// ```json
/// {"project": "../../dataconnect", "connector": "movies"}
/// ```
///
/// sdkgen reads the file itself at every build (`generate --config`), so an edit takes effect
/// at once and its errors are sdkgen's. The plugin only finds the file and reads `project` to name
/// the project's files as the command's inputs.
struct PluginConfiguration {
    static let fileName = "sdkgen.json"

    /// The `sdkgen.json` file itself.
    let file: URL

    /// The target's `sdkgen.json`; an error that says what to write when there is none.
    static func find(in files: [URL], target: String) throws -> PluginConfiguration {
        let matches = files.filter { $0.lastPathComponent == fileName }
        guard let file = matches.first else {
            throw PluginError("target '\(target)' applies the sdkgen plugin but has no \(fileName); add one beside its sources: "
                + #"{"project": "<folder with dataconnect.yaml, relative to sdkgen.json>", "connector": "<connectorId>"}"#)
        }
        guard matches.count == 1 else {
            throw PluginError("target '\(target)' has \(matches.count) \(fileName) files; keep one: "
                + matches.map(\.path).sorted().joined(separator: ", "))
        }
        return PluginConfiguration(file: file)
    }

    /// The project folder the file names; nil when it cannot be read, which sdkgen then reports.
    var project: URL? {
        guard let data = try? Data(contentsOf: file),
              let fields = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let path = fields["project"] as? String, !path.isEmpty else { return nil }
        let folder = file.deletingLastPathComponent()
        return (path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)).standardizedFileURL
    }
}

/// A problem the plugin reports to the build, as its error message.
struct PluginError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
