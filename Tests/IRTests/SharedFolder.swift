import Foundation

/// Locates the `shared` folder (spec and corpus) next to the package root.
enum SharedFolder {
    static let url: URL? = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            let shared = directory.deletingLastPathComponent().appendingPathComponent("shared")
            if FileManager.default.fileExists(atPath: shared.appendingPathComponent("corpus").path) { return shared }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    /// Every corpus project folder with an oracle, sorted by name.
    static var corpusProjects: [URL] {
        guard let corpus = url?.appendingPathComponent("corpus"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: corpus.path) else { return [] }
        return names.sorted().map { corpus.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("expected/oracle.json").path) }
    }

    static func oracle(_ project: URL) -> [String: Any]? {
        guard let data = try? Data(contentsOf: project.appendingPathComponent("expected/oracle.json")) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}
