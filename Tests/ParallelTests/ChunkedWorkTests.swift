import Foundation
import Parallel
import XCTest

final class ChunkedWorkTests: XCTestCase {
    func testMapKeepsRangeOrderAndCoversEveryItem() {
        for count in [0, 1, ChunkedWork.minimumChunk * 2, ChunkedWork.minimumChunk * 9 + 5] {
            let ranges = ChunkedWork.map(count: count) { $0 }
            XCTAssertEqual(ranges.flatMap { Array($0) }, Array(0..<count))
        }
    }

    /// Several ranges per processor, so that a processor done with cheap items takes more.
    func testMapSplitsLargeCountsFinerThanOneRangePerProcessor() {
        let ranges = ChunkedWork.map(count: 10_000) { $0 }
        XCTAssertEqual(ranges.count, ProcessInfo.processInfo.activeProcessorCount * 4)
        XCTAssertEqual(ranges.flatMap { Array($0) }, Array(0..<10_000))
    }

    func testRangesAreConsecutiveAndNeverSmallerThanTheMinimum() {
        for count in [0, 5, 100, 1_000] {
            let ranges = ChunkedWork.ranges(count: count)
            XCTAssertEqual(ranges.flatMap { Array($0) }, Array(0..<count))
            if ranges.count > 1 { XCTAssertTrue(ranges.allSatisfy { $0.count >= ChunkedWork.minimumChunk }) }
        }
    }

    /// Ranges of equal weight: cheap items first and dear ones after are not cut in the middle.
    func testWeightedRangesBalanceTheWeight() {
        let weights = Array(repeating: 1, count: 500) + Array(repeating: 5, count: 500)
        let ranges = ChunkedWork.ranges(weights: weights, perProcessor: 1)
        XCTAssertEqual(ranges.count, ChunkedWork.ranges(count: weights.count, perProcessor: 1).count)
        XCTAssertEqual(ranges.flatMap { Array($0) }, Array(0..<weights.count))
        let sums = ranges.map { weights[$0].reduce(0, +) }
        let even = weights.reduce(0, +) / ranges.count
        for sum in sums { XCTAssertLessThanOrEqual(abs(sum - even), 5, "\(sums)") }
    }

    func testWeightedRangesCoverEveryItemWhateverTheWeights() {
        for weights in [[], [7], Array(repeating: 0, count: 300), [1_000_000] + Array(repeating: 1, count: 299),
                        Array(repeating: 1, count: 299) + [1_000_000]] {
            let ranges = ChunkedWork.ranges(weights: weights)
            XCTAssertEqual(ranges.flatMap { Array($0) }, Array(0..<weights.count))
            if !weights.isEmpty { XCTAssertFalse(ranges.contains(where: \.isEmpty), "\(weights.count) items: \(ranges)") }
        }
    }

    func testRunRunsEveryTaskOnce() {
        let slots = ChunkedWork.Slots<Int>(count: 50)
        ChunkedWork.run((0..<50).map { index in { slots.store(index * index, at: index) } })
        XCTAssertEqual(slots.values, (0..<50).map { $0 * $0 })
    }
}
