import Diagnostics
import Foundation

/// Operation classes rendered by an earlier run, for a watch session: an operation whose model is
/// unchanged, in an unchanged context, renders to the same text, so it is taken from here.
///
/// The owner must drop the cache when the schema changes; everything else the text depends on
/// (connector, options, the names every class must avoid) is checked here.
public final class RenderCache: @unchecked Sendable {
    struct Context: Hashable {
        var connector: ConnectorIdentity
        var options: SwiftSDKOptions
        var reserved: Set<String>
    }

    struct Rendered {
        /// The class file's text, made as soon as the class is rendered so that the writer's
        /// buffer (with its growth slack) is freed at once instead of living beside the text.
        var text: String
        var diagnostics: [Diagnostic]
    }

    private let lock = NSLock()
    private var context: Context?
    private var entries: [OperationModel: Rendered] = [:]

    public init() {}

    /// The entries valid in `context`: all of them when it is the context of the last run, none otherwise.
    func entries(in context: Context) -> [OperationModel: Rendered] {
        lock.lock()
        defer { lock.unlock() }
        return self.context == context ? entries : [:]
    }

    /// Replaces the cache with this run's classes, so it never holds operations that are gone.
    func replace(with entries: [OperationModel: Rendered], in context: Context) {
        lock.lock()
        defer { lock.unlock() }
        self.context = context
        self.entries = entries
    }
}
