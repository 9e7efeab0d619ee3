import Foundation

/// A fresh folder per test, removed afterwards, with helpers to arrange and inspect files.
public final class TemporaryFolder {
    public let path: String

    public init() throws {
        path = FileManager.default.temporaryDirectory.path + "/sdkgen-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A folder holding `files` (relative path -> text).
    public convenience init(files: [String: String]) throws {
        try self.init()
        for (relative, text) in files { try write(relative, text) }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    public func url(_ relative: String) -> String { path + "/" + relative }

    public func write(_ relative: String, _ text: String) throws {
        let target = URL(fileURLWithPath: url(relative))
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
    }

    public func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: url(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    public func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: url(relative))
    }

    /// Every file below the folder, relative, sorted.
    public func allFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return [] }
        var files: [String] = []
        while let next = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url(next), isDirectory: &isDirectory), !isDirectory.boolValue { files.append(next) }
        }
        return files.sorted()
    }

    /// Sets a file's modification time far into the past, so a rewrite would visibly change it.
    public func age(_ relative: String) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: url(relative))
    }

    public func modificationDate(_ relative: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url(relative))[.modificationDate] as? Date
    }
}
