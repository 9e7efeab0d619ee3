import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The I/O thread of the `http://` and `ws://` clients: it polls the sockets of every request
/// and connection and resumes a task when its socket is ready (not a thread per socket, which
/// churned threads and malloc arenas). It starts with a wait and ends, with its wake pipe,
/// `idleExit` seconds after the last.
final class SocketPoller: Sendable {
    /// The poller of every `http://` request and `ws://` connection.
    static let shared = SocketPoller(threadName: "SDKGenDC.IO", idleExit: 2)

    /// A wait's `timeout` passed before any of its sockets was ready.
    struct TimedOut: Error {}

    private struct Wait {
        let fds: [pollfd]
        /// `DispatchTime` nanoseconds.
        let deadline: UInt64?
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var waits: [UInt64: Wait] = [:]
        var lastID: UInt64 = 0
        /// The wake pipe (read end first) while the thread runs.
        var wake: [Int32]?

        /// Wakes the thread's `poll` to see the waits again.
        func wakeThread() {
            var byte: UInt8 = 1
            if let wake { _ = write(wake[1], &byte, 1) }
        }
    }

    private let state = Locked(State())
    private let threadName: String
    private let idleExit: TimeInterval

    init(threadName: String, idleExit: TimeInterval) {
        (self.threadName, self.idleExit) = (threadName, idleExit)
    }

    /// Waits until one of `sockets` is ready for its events (`POLLIN`, `POLLOUT`; an error or a
    /// hang-up counts as ready), or throws `TimedOut` after `timeout` seconds. A cancelled task
    /// throws `CancellationError` at once.
    func wait(_ sockets: [(fd: Int32, events: Int32)], timeout: TimeInterval? = nil) async throws {
        let id = state.withLock { state -> UInt64 in state.lastID += 1; return state.lastID }
        let fds = sockets.map { pollfd(fd: $0.fd, events: Int16($0.events), revents: 0) }
        let deadline = timeout.map { DispatchTime.now().uptimeNanoseconds + UInt64(max(0, min($0, 86_400)) * 1e9) }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let start = state.withLock { state -> Result<Bool, any Error> in
                    // Checked under the lock `onCancel` takes: one of the two sees the cancellation.
                    if Task.isCancelled { return .failure(CancellationError()) }
                    let start = state.wake == nil
                    if start {
                        var fds: [Int32] = [-1, -1]
                        guard pipe(&fds) == 0 else { return .failure(URLError(.resourceUnavailable)) }
                        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK) }
                        state.wake = fds
                    }
                    state.waits[id] = Wait(fds: fds, deadline: deadline, continuation: continuation)
                    state.wakeThread()
                    return .success(start)
                }
                switch start {
                case .failure(let error): continuation.resume(throwing: error)
                case .success(true):
                    Thread { self.run() }.start()
                case .success(false): break
                }
            }
        } onCancel: {
            // Woken, the thread stops polling the socket, which the task closes next.
            let wait = state.withLock { state in
                defer { state.wakeThread() }
                return state.waits.removeValue(forKey: id)
            }
            wait?.continuation.resume(throwing: CancellationError())
        }
    }

    private func run() {
        // Foundation's `Thread.name` does not name the system's thread (`/proc/self/task/*/comm`).
        try? threadName.write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
        let idle = UInt64(idleExit * 1e9)
        var lastBusy = DispatchTime.now().uptimeNanoseconds
        var drained = [UInt8](repeating: 0, count: 64)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            // The poll set is rebuilt every turn from the waits still registered, so a socket
            // closed after its wait ended is never reported to another wait.
            let turn = state.withLock { state -> (wake: Int32, waits: [(key: UInt64, value: Wait)])? in
                let wake = state.wake ?? []
                guard !state.waits.isEmpty || now - lastBusy < idle else {
                    state.wake = nil
                    for fd in wake { _ = close(fd) }
                    return nil
                }
                return (wake[0], Array(state.waits))
            }
            guard let turn else { return }
            var fds = [pollfd(fd: turn.wake, events: Int16(POLLIN), revents: 0)] + turn.waits.flatMap(\.value.fds)
            let nearest = turn.waits.compactMap(\.value.deadline).min() ?? (turn.waits.isEmpty ? lastBusy + idle : nil)
            _ = poll(&fds, nfds_t(fds.count), nearest.map { Int32(min(($0 - min($0, now)) / 1_000_000 + 1, 60_000)) } ?? -1)
            while read(turn.wake, &drained, drained.count) > 0 {}
            let polled = DispatchTime.now().uptimeNanoseconds
            if !turn.waits.isEmpty { lastBusy = polled }
            var next = fds.dropFirst()[...]
            var ended: [(UInt64, timedOut: Bool)] = []
            for (key, wait) in turn.waits {
                let ready = next.prefix(wait.fds.count).contains { $0.revents != 0 }
                next = next.dropFirst(wait.fds.count)
                if ready || wait.deadline.map({ $0 <= polled }) == true { ended.append((key, !ready)) }
            }
            let resumed = state.withLock { state in
                ended.compactMap { key, timedOut in state.waits.removeValue(forKey: key).map { ($0.continuation, timedOut) } }
            }
            for (continuation, timedOut) in resumed {
                if timedOut { continuation.resume(throwing: TimedOut()) } else { continuation.resume() }
            }
        }
    }
}
