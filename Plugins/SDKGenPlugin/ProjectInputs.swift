import Foundation

/// The files of a Data Connect project that sdkgen reads, and the folders that hold them, so that
/// the build runs the command again when one of them changes.
///
/// The plugin cannot read YAML to follow `dataconnect.yaml`, so it takes every file sdkgen could
/// read under the project folder (schema and connector folders must lie inside it): `.gql`,
/// `.graphql`, `.yaml` and `firebase.json`. Like sdkgen, it skips entries whose names start with
/// `.`; it also skips `node_modules`. The folders are inputs too: adding or removing a file changes
/// its folder, while SwiftPM asks the plugin for its commands again only when the package changes.
/// A file too many only costs a regeneration that writes nothing.
enum ProjectInputs {
    static let extensions: Set<String> = ["gql", "graphql", "yaml"]

    /// The folders and files, sorted; only `project` when it cannot be read (sdkgen then says why).
    static func files(in project: URL) -> [URL] {
        let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey]
        guard let walk = FileManager.default.enumerator(at: project, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]) else {
            return [project]
        }
        var files: [URL] = [project]
        for case let url as URL in walk {
            guard let values = try? url.resourceValues(forKeys: Set(keys)) else { continue }
            if values.isDirectory == true {
                if url.lastPathComponent == "node_modules" { walk.skipDescendants() } else { files.append(url) }
            } else if values.isRegularFile == true,
                      extensions.contains(url.pathExtension) || url.lastPathComponent == "firebase.json" {
                files.append(url)
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}
