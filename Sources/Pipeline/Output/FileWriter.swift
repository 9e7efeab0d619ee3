import Foundation

/// Writes rendered files so that a run never leaves a half-written file and never touches a file
/// whose bytes are already right (editors and Xcode then see no change).
public enum FileWriter {
    /// What happened to one file.
    public enum Outcome: Sendable, Equatable {
        case written
        case unchanged
    }

    /// Writes `contents` to `path` through a temporary file in the same folder and a rename, creating
    /// parent folders; skips the write when the file already holds exactly these bytes.
    public static func write(_ contents: String, to path: String) throws -> Outcome {
        let data = Data(contents.utf8)
        let manager = FileManager.default
        if let existing = manager.contents(atPath: path), existing == data { return .unchanged }
        let url = URL(fileURLWithPath: path)
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        return .written
    }
}
