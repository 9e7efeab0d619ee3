import Dispatch
import Foundation

/// Splits work over contiguous ranges of items, one range per processor, and returns the
/// results in range order: the output is the same bytes however many processors there are.
enum ChunkedWork {
    /// Below this many items per chunk, starting threads costs more than it saves.
    static let minimumChunk = 16

    static func map<Result: Sendable>(count: Int, _ body: @Sendable (Range<Int>) -> Result) -> [Result] {
        let chunks = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count / minimumChunk))
        guard chunks > 1 else { return [body(0..<count)] }
        let results = Slots<Result>(count: chunks)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            results.store(body(count * chunk / chunks..<count * (chunk + 1) / chunks), at: chunk)
        }
        return results.values
    }

    /// One slot per chunk; each is written by exactly one thread and read after all have finished.
    private final class Slots<Value>: @unchecked Sendable {
        private var storage: [Value?]

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        func store(_ value: Value, at index: Int) {
            storage.withUnsafeMutableBufferPointer { $0[index] = value }
        }

        var values: [Value] { storage.map { $0! } }
    }
}
