import Foundation

/// The write end of the trap's pipe, for the C signal handler, which can capture nothing; set while a trap is installed.
private nonisolated(unsafe) var trapPipeWriteEnd: Int32 = -1

/// Writes the signal number into the pipe: `write` is async-signal-safe, unlike locks or dispatch.
private func forwardSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(trapPipeWriteEnd, &byte, 1)
}

/// Turns termination signals into a call of `handler` instead of killing the process, so a watch session finishes the
/// file it is writing and exits cleanly. A self-pipe: the signal may arrive on any thread (a dispatch signal source misses
/// those delivered to threads that do not block them); a reader thread turns the byte into a call. One trap at a time.
final class SignalTrap: @unchecked Sendable {
    private static let stopByte: UInt8 = 0
    private let signals: [Int32]
    private let readEnd: Int32
    private let writeEnd: Int32
    private let finished = DispatchSemaphore(value: 0)

    /// Installs the trap for `signals` until `remove()` is called.
    init(signals: [Int32], handler: @escaping @Sendable () -> Void) {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 { fds = [-1, -1] }
        self.signals = signals
        readEnd = fds[0]
        writeEnd = fds[1]
        trapPipeWriteEnd = writeEnd
        for number in signals { signal(number, forwardSignal) }
        Thread.detachNewThread { [readEnd, finished] in
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) == 1, byte != SignalTrap.stopByte { handler() }
            finished.signal()
        }
    }

    /// Restores the default action of the signals and stops the reader thread.
    func remove() {
        for number in signals { signal(number, SIG_DFL) }
        var byte = Self.stopByte
        _ = write(writeEnd, &byte, 1)
        finished.wait()
        trapPipeWriteEnd = -1
        close(readEnd)
        close(writeEnd)
    }
}
