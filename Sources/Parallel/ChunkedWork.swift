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

    /// Runs every task once, spread over the processors, and returns when all have finished.
    public static func run(_ tasks: [@Sendable () -> Void]) {
        guard processorCount > 1, tasks.count > 1 else {
            for task in tasks { task() }
            return
        }
        DispatchQueue.concurrentPerform(iterations: tasks.count) { tasks[$0]() }
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
