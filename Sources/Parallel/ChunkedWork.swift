import Dispatch
import Foundation

/// Spreads independent work over the processors: contiguous ranges of items whose results come
/// back in range order, so the output is the same bytes however many processors there are.
public enum ChunkedWork {
    /// Below this many items per chunk, starting threads costs more than it saves.
    public static let minimumChunk = 16

    /// `body` applied to consecutive ranges covering `0..<count`, several per processor so that
    /// items of uneven cost still keep every processor busy (one range, on this thread, for small
    /// counts), with the results in range order.
    public static func map<Result: Sendable>(count: Int, _ body: @Sendable (Range<Int>) -> Result) -> [Result] {
        let ranges = ranges(count: count)
        guard ranges.count > 1 else { return ranges.map(body) }
        let results = Slots<Result>(count: ranges.count)
        DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
            results.store(body(ranges[index]), at: index)
        }
        return results.values
    }

    /// `0..<count` cut into consecutive ranges of at least `minimumChunk` items, `perProcessor`
    /// ranges per processor at most (several, so that processors finishing early take more).
    public static func ranges(count: Int, perProcessor: Int = 4) -> [Range<Int>] {
        let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount * perProcessor, count / minimumChunk))
        return (0..<chunks).map { count * $0 / chunks..<count * ($0 + 1) / chunks }
    }

    /// `0..<weights.count` cut into as many consecutive ranges as `ranges(count:perProcessor:)`
    /// makes, each with about the same total weight (an item's estimated cost, e.g. its length in
    /// the source) rather than the same number of items: when costs differ by kind and files group
    /// items by kind, equal counts leave one processor waiting for the other.
    public static func ranges(weights: [Int], perProcessor: Int = 4) -> [Range<Int>] {
        let counted = ranges(count: weights.count, perProcessor: perProcessor)
        let chunks = counted.count
        guard chunks > 1 else { return counted }
        let total = weights.reduce(0) { $0 + max($1, 0) }
        var result: [Range<Int>] = []
        var start = 0
        var sum = 0
        for (index, weight) in weights.enumerated() {
            sum += max(weight, 0)
            // Cut where the running total reaches the next share, leaving an item for every range still to come.
            let share = result.count + 1
            if share < chunks, sum * chunks >= total * share, weights.count - (index + 1) >= chunks - share {
                result.append(start..<index + 1)
                start = index + 1
            }
        }
        result.append(start..<weights.count)
        return result
    }

    /// Runs every task once, spread over the processors, and returns when all have finished.
    public static func run(_ tasks: [@Sendable () -> Void]) {
        guard ProcessInfo.processInfo.activeProcessorCount > 1, tasks.count > 1 else {
            for task in tasks { task() }
            return
        }
        DispatchQueue.concurrentPerform(iterations: tasks.count) { tasks[$0]() }
    }

    /// One slot per task; each is written by exactly one thread and read after all have finished.
    public final class Slots<Value>: @unchecked Sendable {
        private var storage: [Value?]

        public init(count: Int) { storage = Array(repeating: nil, count: count) }

        public func store(_ value: Value, at index: Int) {
            storage.withUnsafeMutableBufferPointer { $0[index] = value }
        }

        public var values: [Value] { storage.map { $0! } }

        /// The values, moved out: the slots are empty afterwards, so nothing else keeps them alive.
        public func take() -> [Value] {
            defer { storage = [] }
            return values
        }
    }
}
