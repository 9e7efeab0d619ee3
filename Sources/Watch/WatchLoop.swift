#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Polls the inputs of a project and calls `onChange` once per burst of edits, until cancelled.
///
/// The CLI drives `run()`; tests drive `start()` and `poll(at:)` with their own clock, so nothing
/// sleeps. `onChange` runs on the loop's thread, so a regeneration always completes before the loop
/// looks at the disk again or stops.
public final class WatchLoop {
    public let interval: UInt64
    public let cancellation: WatchCancellation

    private let roots: () -> WatchRoots
    private let onChange: (ChangeSet) -> Void
    private var debouncer: Debouncer
    private var detector: ChangeDetector?

    /// - Parameters:
    ///   - interval: milliseconds between polls.
    ///   - debounce: milliseconds without further change before `onChange` runs.
    ///   - roots: what to watch; called at the start and again after any YAML file changed, because the
    ///     configuration decides the folders (return `WatchRoots.fallback` when it does not load).
    ///   - onChange: the regeneration, with the changes since the last call.
    public init(interval: UInt64 = 300, debounce: UInt64 = 25, cancellation: WatchCancellation = WatchCancellation(),
                roots: @escaping () -> WatchRoots, onChange: @escaping (ChangeSet) -> Void) {
        self.interval = max(interval, 1)
        self.cancellation = cancellation
        self.roots = roots
        self.onChange = onChange
        debouncer = Debouncer(quietPeriod: debounce)
    }

    /// Milliseconds until the next poll: the interval, or only the quiet period while an edit is
    /// pending, so that a save is acted on about `debounce` ms after it is seen, not a whole
    /// interval later.
    public var nextPollDelay: UInt64 {
        debouncer.hasPending ? min(interval, debouncer.quietPeriod) : interval
    }

    /// How many files are watched (0 before `start`).
    public var watchedFileCount: Int { detector?.fileCount ?? 0 }

    /// Takes the baseline: the files as they are now are not changes.
    public func start() {
        detector = ChangeDetector(roots: roots())
    }

    /// One step at `now` (milliseconds, monotonic): looks for changes and runs `onChange` when a
    /// burst has settled. Returns the changes it acted on, if any.
    @discardableResult
    public func poll(at now: UInt64) -> ChangeSet? {
        if detector == nil { start() }
        guard var detector else { return nil }
        debouncer.record(detector.poll(), at: now)
        guard let changes = debouncer.take(at: now) else {
            self.detector = detector
            return nil
        }
        // Rebase first: the new configuration's output folders must be excluded before the regeneration writes them.
        if changes.configurationChanged { detector.rebase(roots: roots()) }
        self.detector = detector
        onChange(changes)
        return changes
    }

    /// Polls until cancelled or until one of `signals` arrives (then exits normally, so the caller
    /// can return status 0). Blocks the calling thread. Where the system offers change
    /// notifications (inotify on Linux), a change wakes the loop at once instead of at the next poll.
    ///
    /// `beforePolling` runs once, after the signals are trapped and the baseline is taken, so a signal
    /// during the first generation also ends the session cleanly and edits made meanwhile are seen.
    public func run(stoppingOn signals: [Int32] = [SIGINT, SIGTERM], beforePolling: () -> Void = {}) {
        let cancellation = self.cancellation
        let trap = SignalTrap(signals: signals) { cancellation.cancel() }
        defer { trap.remove() }
        let notifier = ChangeNotifier(cancellation: cancellation)
        defer { notifier?.stop() }
        if detector == nil { start() }
        notifier?.watch(folders: detector?.folders ?? [])
        beforePolling()
        while !cancellation.isCancelled {
            poll(at: DispatchTime.now().uptimeNanoseconds / 1_000_000)
            // Folders come and go with the scan (and with the configuration): follow them.
            notifier?.watch(folders: detector?.folders ?? [])
            if cancellation.sleep(milliseconds: nextPollDelay) { break }
        }
    }
}
