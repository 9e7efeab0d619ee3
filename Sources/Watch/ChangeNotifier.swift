import Foundation

/// Wakes a watch loop as soon as something changes in the watched folders, so that a save is seen at once, not at the
/// next poll. Only a hint: polling still decides what changed (and catches what the notifier misses, e.g. on network
/// mounts). inotify on Linux; elsewhere `init` returns nil and the loop polls at its interval.
final class ChangeNotifier: @unchecked Sendable {
    #if os(Linux)
    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB
                                     | IN_DELETE_SELF | IN_MOVE_SELF)

    private let descriptor: Int32
    private let cancellation: WatchCancellation
    // Guarded by `lock`: the watches by folder, whether to stop, and reading events (listener, and `watch(folders:)`).
    let lock = NSLock()
    var watches: [String: Int32] = [:]
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

    init?(cancellation: WatchCancellation) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.cancellation = cancellation
        let thread = Thread { [self] in listen() }
        thread.name = "sdkgen-watch-notifier"
        thread.start()
    }

    /// Watches exactly `folders` (each one level deep) from now on. A watch follows its folder, not the path: a folder
    /// deleted or renamed away has lost its watch, and the one now at that path gets a new one.
    func watch(folders: Set<String>) {
        lock.lock()
        defer { lock.unlock() }
        if readEvents() { cancellation.nudge() }
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

    /// Waits for events (checking every 100 ms whether to stop) and nudges the loop on each batch.
    private func listen() {
        while true {
            lock.lock()
            let stop = stopped
            lock.unlock()
            if stop { break }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 100) > 0 else { continue }
            lock.lock()
            let changed = readEvents()
            lock.unlock()
            if changed { cancellation.nudge() }
        }
        finished.signal()
    }

    /// Reads every pending event, forgets the watches whose folder went away, and says whether any event reported more
    /// than `IN_IGNORED` (which only says that a watch was removed). Called with `lock` held.
    private func readEvents() -> Bool {
        var changed = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return changed }
            let header = MemoryLayout<inotify_event>.size
            var offset = 0
            while offset + header <= count {
                let event = buffer[offset..<offset + header].withUnsafeBytes { $0.loadUnaligned(as: inotify_event.self) }
                offset += header + Int(event.len)
                if event.mask & UInt32(IN_IGNORED) == 0 { changed = true }
                guard event.mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0,
                      let folder = watches.first(where: { $0.value == event.wd })?.key else { continue }
                // A folder renamed away keeps its watch wherever it went: remove it explicitly.
                if event.mask & UInt32(IN_MOVE_SELF) != 0 { inotify_rm_watch(descriptor, event.wd) }
                watches[folder] = nil
            }
        }
    }
    #else
    init?(cancellation: WatchCancellation) { nil }
    func watch(folders: Set<String>) {}
    func stop() {}
    #endif
}
