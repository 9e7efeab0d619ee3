import Foundation

/// Spreads independent tasks over the processors; each stores its result in its own slot, so the
/// output is the same bytes however many processors there are.
public enum ChunkedWork {
    /// Below this many items per chunk, starting threads costs more than it saves.
    public static let minimumChunk = 16

    /// The processors work is spread over: all of them, or fewer when `SDKGEN_PROCESSORS` says so.
    /// The fuzzers set 1, so that everything an input allocates is allocated on the thread that runs it.
    public static let processorCount = processorCount(
        environment: ProcessInfo.processInfo.environment, available: ProcessInfo.processInfo.activeProcessorCount)

    /// `SDKGEN_PROCESSORS` when it is a whole number from 1 to `available`, otherwise `available`.
    public static func processorCount(environment: [String: String], available: Int) -> Int {
        guard let text = environment["SDKGEN_PROCESSORS"], let requested = Int(text), requested >= 1 else { return available }
        return min(requested, available)
    }

    /// `0..<count` cut into consecutive ranges of at least `minimumChunk` items, four per processor
    /// at most (several, so that processors finishing early take more).
    public static func ranges(count: Int) -> [Range<Int>] {
        let chunks = max(1, min(processorCount * 4, count / minimumChunk))
        return (0..<chunks).map { count * $0 / chunks..<count * ($0 + 1) / chunks }
    }

    /// The stack of each thread that runs tasks. Parsing, validation, lowering and emission recurse
    /// once per level of a selection, down to the parser's nesting limit; there a debug build needs
    /// between 1 and 2 MB, more than the 512 KB that Apple platforms give secondary threads,
    /// Dispatch's included. The pages are reserved, not used, until the recursion reaches them.
    public static let stackSize = 16 << 20

    /// Runs every task once and returns when all have finished: with one processor on the calling
    /// thread, in order; otherwise on `Workers`, threads of `stackSize`, and on the main thread when it
    /// calls (its stack is the process's: 8 MB by default on Linux and macOS). A task that calls `run`
    /// runs those tasks itself, in order.
    public static func run(_ tasks: [@Sendable () -> Void]) {
        guard processorCount > 1, Thread.current.threadDictionary[Workers.key] == nil else { return tasks.forEach { $0() } }
        workers.run(tasks, helping: Thread.isMainThread)
    }

    private static let workers = Workers(count: processorCount - 1)

    /// Threads of `stackSize`, started on first use and kept for the process, as Dispatch keeps its
    /// own: starting threads for every `run` made `generate` 6 % slower at 20 tables. One batch of
    /// tasks at a time; other callers wait their turn.
    private final class Workers: @unchecked Sendable {
        /// Marks the threads running a batch's tasks (in `threadDictionary`).
        static let key = "SDKGenChunkedWork"
        private let turn = NSLock()
        // Guarded by `condition`: the batch, the next task to take and how many have not finished.
        private let condition = NSCondition()
        private var tasks: [@Sendable () -> Void] = [], next = 0, unfinished = 0

        init(count: Int) {
            for _ in 0..<count {
                let thread = Thread { [self] in
                    condition.lock()
                    while true { takeTasks(waiting: true) }
                }
                thread.stackSize = stackSize
                thread.threadDictionary[Self.key] = true
                thread.start()
            }
        }

        /// Runs `batch` on the workers, and on the calling thread too when `helping`.
        func run(_ batch: [@Sendable () -> Void], helping: Bool) {
            turn.lock()
            defer { turn.unlock() }
            condition.lock()
            (tasks, next, unfinished) = (batch, 0, batch.count)
            condition.broadcast()
            if helping {
                Thread.current.threadDictionary[Self.key] = true
                takeTasks(waiting: false)
                Thread.current.threadDictionary[Self.key] = nil
            }
            while unfinished > 0 { condition.wait() }
            tasks = []
            condition.unlock()
        }

        /// With `condition` locked: runs the batch's tasks not yet taken (unlocked while each runs);
        /// a worker (`waiting`) first waits for a batch with tasks left.
        private func takeTasks(waiting: Bool) {
            while waiting, next >= tasks.count { condition.wait() }
            while next < tasks.count {
                let task = tasks[next]
                next += 1
                condition.unlock()
                task()
                condition.lock()
                unfinished -= 1
                if unfinished == 0 { condition.broadcast() }
            }
        }
    }

    /// `work` applied to every item, spread over the processors; the results in item order.
    public static func map<Item: Sendable, Value>(_ items: [Item], _ work: @escaping @Sendable (Item) -> Value) -> [Value] {
        let slots = Slots<Value>(count: items.count)
        run(items.indices.map { index in { slots.store(work(items[index]), at: index) } })
        return slots.take()
    }

    /// One slot per task; each is written once and read after all have finished. Stores go through
    /// a lock: writing into a shared array from several threads, even at distinct indices, is a data
    /// race on the array itself and loses values.
    public final class Slots<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Value?]

        public init(count: Int) { storage = Array(repeating: nil, count: count) }

        public func store(_ value: Value, at index: Int) {
            lock.withLock { storage[index] = value }
        }

        /// The values, moved out: the slots are empty afterwards, so nothing else keeps them alive.
        public func take() -> [Value] {
            lock.withLock {
                defer { storage = [] }
                return storage.map { $0! }
            }
        }
    }
}
