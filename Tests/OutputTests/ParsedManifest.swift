@testable import Output

/// A manifest read from `text`, as the writer reads one from disk.
func parsedManifest(_ text: String) -> PackageManifest? {
    PackageManifest(bytes: Array(text.utf8))
}
