import Foundation

/// A fresh project-like folder per test, removed afterwards.
final class WatchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/sdkgen-watch-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func url(_ relative: String) -> String { path + "/" + relative }

    func write(_ relative: String, _ text: String) throws {
        let target = url(relative)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: url(relative))
    }

    /// Moves the modification time without touching the contents, as `touch` does.
    func touch(_ relative: String, seconds: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: url(relative))
    }
}
