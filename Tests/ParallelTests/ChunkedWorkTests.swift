import Foundation
import Parallel
import XCTest

final class ChunkedWorkTests: XCTestCase {
    /// Several ranges per processor once there are enough items, so that a processor done with
    /// cheap items takes more.
    func testLargeCountsGetSeveralRangesPerProcessor() {
        XCTAssertGreaterThan(ChunkedWork.ranges(count: 10_000).count, ChunkedWork.processorCount)
        XCTAssertEqual(ChunkedWork.ranges(count: ChunkedWork.minimumChunk).count, 1)
    }

    func testRangesAreConsecutiveAndNeverSmallerThanTheMinimum() {
        for count in [0, 5, 100, 1_000] {
            let ranges = ChunkedWork.ranges(count: count)
            XCTAssertEqual(ranges.flatMap { Array($0) }, Array(0..<count))
            if ranges.count > 1 { XCTAssertTrue(ranges.allSatisfy { $0.count >= ChunkedWork.minimumChunk }) }
        }
    }

    func testProcessorCountIsLimitedBySDKGENPROCESSORS() {
        XCTAssertEqual(ChunkedWork.processorCount(environment: [:], available: 8), 8)
        XCTAssertEqual(ChunkedWork.processorCount(environment: ["SDKGEN_PROCESSORS": "1"], available: 8), 1)
        XCTAssertEqual(ChunkedWork.processorCount(environment: ["SDKGEN_PROCESSORS": "3"], available: 8), 3)
        XCTAssertEqual(ChunkedWork.processorCount(environment: ["SDKGEN_PROCESSORS": "16"], available: 8), 8)
        for ignored in ["0", "-2", "two", ""] {
            XCTAssertEqual(ChunkedWork.processorCount(environment: ["SDKGEN_PROCESSORS": ignored], available: 8), 8, ignored)
        }
    }

    func testRunRunsEveryTaskOnce() {
        let slots = ChunkedWork.Slots<Int>(count: 50)
        ChunkedWork.run((0..<50).map { index in { slots.store(index * index, at: index) } })
        XCTAssertEqual(slots.take(), (0..<50).map { $0 * $0 })
    }

    /// Called from the main thread, tasks run there and on workers of `stackSize`: on Dispatch's
    /// threads (512 KB on Apple platforms) a debug `sdkgen` crashed on a valid query nesting 126
    /// selections. The two tasks wait for each other, so two threads run them; each runs the tasks
    /// of its own call to `run` itself.
    func testTasksRunOnTheMainThreadAndOnWorkersOfTheLargeStack() throws {
        try XCTSkipIf(ChunkedWork.processorCount < 2, "with one processor tasks run on the caller's thread")
        XCTAssertTrue(Thread.isMainThread)
        let bothStarted = Barrier(parties: 2)
        let threads = ChunkedWork.Slots<(isMain: Bool, stackSize: Int, nested: [Bool])>(count: 2)
        ChunkedWork.run((0..<2).map { index in {
            XCTAssertTrue(bothStarted.arriveAndWait(seconds: 30))
            let nested = ChunkedWork.Slots<Bool>(count: 3)
            ChunkedWork.run((0..<3).map { inner in { nested.store(Thread.isMainThread, at: inner) } })
            threads.store((Thread.isMainThread, Thread.current.stackSize, nested.take()), at: index)
        } })
        let ran = threads.take()
        XCTAssertEqual(ran.filter(\.isMain).count, 1)
        XCTAssertEqual(ran.filter { !$0.isMain }.map(\.stackSize), [ChunkedWork.stackSize])
        XCTAssertEqual(ran.map(\.nested), ran.map { Array(repeating: $0.isMain, count: 3) })
    }

    /// Called from any other thread, however small its stack, tasks run only on the workers; a task
    /// that calls `run` runs those tasks itself.
    func testTasksOfOtherCallersRunOnWorkersOfTheLargeStack() throws {
        try XCTSkipIf(ChunkedWork.processorCount < 2, "with one processor tasks run on the caller's thread")
        let sizes = ChunkedWork.Slots<[Int]>(count: 8)
        let finished = DispatchSemaphore(value: 0)
        let caller = Thread {
            ChunkedWork.run((0..<8).map { index in {
                let nested = ChunkedWork.Slots<Int>(count: 2)
                ChunkedWork.run((0..<2).map { inner in { nested.store(Thread.current.stackSize, at: inner) } })
                sizes.store([Thread.current.stackSize] + nested.take(), at: index)
            } })
            finished.signal()
        }
        caller.stackSize = 512 << 10
        caller.start()
        XCTAssertEqual(finished.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(sizes.take(), Array(repeating: Array(repeating: ChunkedWork.stackSize, count: 3), count: 8))
    }

    /// Every slot keeps its value when many threads store at once (a whole-array mutation per
    /// store once lost values under contention, and a plan crashed on the missing slot).
    func testConcurrentStoresAreNeverLost() {
        for _ in 0..<200 {
            let slots = ChunkedWork.Slots<[Int]>(count: 64)
            DispatchQueue.concurrentPerform(iterations: 64) { slots.store([$0], at: $0) }
            XCTAssertEqual(slots.take(), (0..<64).map { [$0] })
        }
    }
}

/// Lets `parties` threads wait until all of them have arrived (or the time is up).
private final class Barrier: @unchecked Sendable {
    private let condition = NSCondition()
    private let parties: Int
    private var arrived = 0

    init(parties: Int) { self.parties = parties }

    func arriveAndWait(seconds: TimeInterval) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        condition.broadcast()
        let deadline = Date().addingTimeInterval(seconds)
        while arrived < parties {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }
}
