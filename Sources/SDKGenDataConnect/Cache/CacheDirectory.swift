import Foundation

/// Where persistent caches live: the platform's caches folder plus `SDKGenDataConnect`.
enum CacheDirectory {
    static let folderName = "SDKGenDataConnect"

    /// `~/Library/Caches` on Apple platforms; `$XDG_CACHE_HOME` (when absolute) or
    /// `~/.cache` elsewhere.
    static func platformDefault(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        #if canImport(Darwin)
        let base = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSTemporaryDirectory())
        #else
        let base = linuxBase(environment: environment)
        #endif
        return base.appendingPathComponent(folderName, isDirectory: true)
    }

    static func linuxBase(environment: [String: String]) -> URL {
        // The XDG spec says relative values are invalid and must be ignored.
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
    }
}
