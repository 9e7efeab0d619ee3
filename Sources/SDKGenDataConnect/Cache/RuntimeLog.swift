import Foundation

/// Warnings the runtime reports instead of failing (for example a corrupt cache file).
enum RuntimeLog {
    typealias Handler = @Sendable (String) -> Void

    private static let handler = Locked<Handler?>(nil)

    /// Replaces the default output (standard error); tests capture warnings this way.
    static func setHandler(_ newHandler: Handler?) {
        handler.withLock { $0 = newHandler }
    }

    static func warning(_ message: String) {
        if let installed = handler.withLock({ $0 }) {
            installed(message)
            return
        }
        FileHandle.standardError.write(Data("[SDKGenDataConnect] warning: \(message)\n".utf8))
    }
}
