import Dispatch
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

    /// The stack of each thread `run` starts. Parsing, validation, lowering and emission recurse
    /// once per level of a selection, down to the parser's nesting limit; there a debug build needs
    /// about 1.5 MB, three times the 512 KB that Apple platforms give secondary threads, Dispatch's
    /// included. The pages are reserved, not used, until the recursion reaches them.
    public static let stackSize = 16 << 20

    /// Runs every task once and returns when all have finished: with one processor on the calling
    /// thread, in order; otherwise on threads of `stackSize`, one per processor (at most one per
    /// task), each taking the next task until none is left.
    public static func run(_ tasks: [@Sendable () -> Void]) {
        guard processorCount > 1 else {
            for task in tasks { task() }
            return
        }
        let queue = TaskQueue(count: tasks.count)
        let threads = min(processorCount, tasks.count)
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            let thread = Thread {
                while let index = queue.next() { tasks[index]() }
                finished.signal()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        for _ in 0..<threads { finished.wait() }
    }

    /// Hands out the positions `0..<count` once each, to whichever thread asks first.
    private final class TaskQueue: @unchecked Sendable {
        private let lock = NSLock()
        private let count: Int
        private var taken = 0

        init(count: Int) { self.count = count }

        func next() -> Int? {
            lock.withLock {
                guard taken < count else { return nil }
                defer { taken += 1 }
                return taken
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
