import Foundation
import XCTest

/// The `shared` folder that CI places beside the checkout: the test corpus (public Data Connect
/// projects with their committed emulator output) and GraphQL parser fixtures. A clone has none.
///
/// Only `CorpusTests` needs it (`GeneratedPackageCompileTests` also builds the corpus packages when
/// it is there). CI always has it, so there a missing folder fails that suite; on a developer's clone
/// without it, the suite is skipped with one message instead.
public enum SharedFolder {
    /// `SDKGEN_SHARED` when set (a path, which need not exist: `/nonexistent` shows what a clone
    /// without the folder reports), else the nearest `shared` folder beside the package root or one of
    /// its ancestors (a worktree may sit deeper than the main clone).
    public static let url: URL? = {
        if let path = ProcessInfo.processInfo.environment["SDKGEN_SHARED"] {
            let shared = URL(fileURLWithPath: path)
            return FileManager.default.fileExists(atPath: shared.appendingPathComponent("corpus").path) ? shared : nil
        }
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            let shared = directory.deletingLastPathComponent().appendingPathComponent("shared")
            if FileManager.default.fileExists(atPath: shared.appendingPathComponent("corpus").path) { return shared }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    /// `shared/corpus`, or a skip (a failure on CI, where `CI` is set) when it is absent, saying that
    /// `skipped` did not run.
    public static func corpus(skipping skipped: String = "this test") throws -> URL {
        guard let url else {
            let message = "shared/corpus was not found beside the package, so \(skipped) did not run (CI's test corpus; a clone does not need it)"
            if ProcessInfo.processInfo.environment["CI"] != nil { throw MissingSharedFolder(message: message) }
            throw XCTSkip(message)
        }
        return url.appendingPathComponent("corpus")
    }

    /// Every corpus project folder that has an oracle, sorted by name.
    public static func corpusProjects() throws -> [URL] {
        let corpus = try corpus()
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        return names.sorted().map { corpus.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("expected/oracle.json").path) }
    }

    /// The decoded `expected/oracle.json` of a corpus project.
    public static func oracle(_ project: URL) -> [String: Any]? {
        guard let data = try? Data(contentsOf: project.appendingPathComponent("expected/oracle.json")) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// The root folder of this package.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// Thrown on CI, where the shared folder must exist.
public struct MissingSharedFolder: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
