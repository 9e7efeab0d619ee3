import Dispatch
import Foundation
@testable import Watch
import XCTest

final class WatchCancellationTests: XCTestCase {
    func testNudgeEndsOneSleepWithoutCancelling() {
        let cancellation = WatchCancellation()
        for _ in 0..<5 { cancellation.nudge() }
        XCTAssertFalse(cancellation.sleep(milliseconds: 10_000))
        // The burst of nudges was one wake-up: the next sleep runs its full (short) time.
        let start = DispatchTime.now().uptimeNanoseconds
        XCTAssertFalse(cancellation.sleep(milliseconds: 50))
        XCTAssertGreaterThanOrEqual(DispatchTime.now().uptimeNanoseconds - start, 45_000_000)
        XCTAssertFalse(cancellation.isCancelled)
    }

    func testCancelWinsOverNudgesAndKeepsLaterSleepsShort() {
        let cancellation = WatchCancellation()
        cancellation.nudge()
        cancellation.cancel()
        XCTAssertTrue(cancellation.sleep(milliseconds: 10_000))
        XCTAssertTrue(cancellation.sleep(milliseconds: 10_000))
    }
}

final class ChangeNotifierTests: XCTestCase {
    func testAChangeInAWatchedFolderWakesTheSleeper() throws {
        #if os(Linux)
        let folder = try WatchFolder()
        try folder.write("connector/q.gql", "query Q { as { x } }\n")
        let cancellation = WatchCancellation()
        let notifier = try XCTUnwrap(ChangeNotifier(cancellation: cancellation))
        defer { notifier.stop() }
        notifier.watch(folders: [folder.url("connector")])
        let target = folder.url("connector/q.gql")
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
            try? Data("query Q { as { x y } }\n".utf8).write(to: URL(fileURLWithPath: target))
        }
        let start = DispatchTime.now().uptimeNanoseconds
        XCTAssertFalse(cancellation.sleep(milliseconds: 10_000))
        XCTAssertLessThan(DispatchTime.now().uptimeNanoseconds - start, 5_000_000_000, "woken by the change, not the timeout")
        #else
        throw XCTSkip("change notifications are used on Linux only")
        #endif
    }

    func testUnwatchedFolderDoesNotWake() throws {
        #if os(Linux)
        let folder = try WatchFolder()
        try folder.write("connector/q.gql", "query Q { as { x } }\n")
        try folder.write("other/o.gql", "query O { as { x } }\n")
        let cancellation = WatchCancellation()
        let notifier = try XCTUnwrap(ChangeNotifier(cancellation: cancellation))
        defer { notifier.stop() }
        notifier.watch(folders: [folder.url("connector")])
        notifier.watch(folders: [])
        try folder.write("connector/q.gql", "query Q { as { x y } }\n")
        try folder.write("other/o.gql", "query O { as { x y } }\n")
        let start = DispatchTime.now().uptimeNanoseconds
        XCTAssertFalse(cancellation.sleep(milliseconds: 300))
        XCTAssertGreaterThanOrEqual(DispatchTime.now().uptimeNanoseconds - start, 290_000_000, "slept the whole time")
        #else
        throw XCTSkip("change notifications are used on Linux only")
        #endif
    }
}
