#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Wakes a watch loop as soon as something changes in the watched folders, so that a save is seen
/// at once instead of at the next poll.
///
/// Only a hint: polling still decides what changed (and catches everything the notifier misses,
/// e.g. on network mounts or in folders created since the last poll). Uses inotify on Linux; on
/// other systems `init` returns nil and the loop polls at its interval as before.
final class ChangeNotifier: @unchecked Sendable {
    #if os(Linux)
    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB)

    private let descriptor: Int32
    private let cancellation: WatchCancellation
    // Guarded by `lock`: folders by watch descriptor, and whether to stop.
    private let lock = NSLock()
    private var watches: [String: Int32] = [:]
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    init?(cancellation: WatchCancellation) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.cancellation = cancellation
        let thread = Thread { [self] in listen() }
        thread.name = "sdkgen-watch-notifier"
        thread.start()
    }

    /// Watches exactly `folders` (each one level deep) from now on.
    func watch(folders: Set<String>) {
        lock.lock()
        defer { lock.unlock() }
        for (folder, watch) in watches where !folders.contains(folder) {
            inotify_rm_watch(descriptor, watch)
            watches[folder] = nil
        }
        for folder in folders where watches[folder] == nil {
            let watch = inotify_add_watch(descriptor, folder, Self.mask)
            if watch >= 0 { watches[folder] = watch }
        }
    }

    /// Ends the listening thread and closes the descriptor; waits until both are done.
    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        finished.wait()
        close(descriptor)
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Waits for events (checking every 100 ms whether to stop) and nudges the loop on each batch.
    private func listen() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while !isStopped {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 100) > 0 else { continue }
            var changed = false
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                changed = changed || Self.reportsChange(buffer.prefix(count))
            }
            if changed { cancellation.nudge() }
        }
        finished.signal()
    }

    /// Whether the events in `bytes` include more than `IN_IGNORED`, which only says that a watch
    /// was removed (by `watch(folders:)` or because its folder went away).
    private static func reportsChange(_ bytes: ArraySlice<UInt8>) -> Bool {
        let header = MemoryLayout<inotify_event>.size
        var offset = bytes.startIndex
        while offset + header <= bytes.endIndex {
            let event = bytes[offset..<offset + header].withUnsafeBytes { $0.loadUnaligned(as: inotify_event.self) }
            if event.mask & UInt32(IN_IGNORED) == 0 { return true }
            offset += header + Int(event.len)
        }
        return false
    }
    #else
    init?(cancellation: WatchCancellation) { nil }
    func watch(folders: Set<String>) {}
    func stop() {}
    #endif
}
