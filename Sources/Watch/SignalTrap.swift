#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Turns termination signals into a call of `handler` instead of killing the process, so a watch
/// session finishes the file it is writing and exits cleanly.
final class SignalTrap {
    private let signals: [Int32]
    private var sources: [any DispatchSourceSignal] = []

    /// Installs the trap for `signals` until `remove()` is called.
    init(signals: [Int32], handler: @escaping @Sendable () -> Void) {
        self.signals = signals
        for number in signals {
            // The default action would kill the process before the dispatch source sees the signal.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: handler)
            source.resume()
            sources.append(source)
        }
    }

    /// Restores the default action of the signals.
    func remove() {
        for source in sources { source.cancel() }
        sources = []
        for number in signals { signal(number, SIG_DFL) }
    }
}
