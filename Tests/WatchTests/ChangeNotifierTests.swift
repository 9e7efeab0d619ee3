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

    /// A watch follows its folder, not the path: a folder deleted and recreated, or renamed away
    /// and back, between two polls (so the folder set never changes) gets a new watch.
    func testFolderThatVanishedAndReappearedIsWatchedAfresh() throws {
        #if os(Linux)
        let folder = try WatchFolder()
        try folder.write("connector/q.gql", "query Q { as { x } }\n")
        let notifier = try XCTUnwrap(ChangeNotifier(cancellation: WatchCancellation()))
        defer { notifier.stop() }
        let connector = folder.url("connector")
        notifier.watch(folders: [connector])
        let first = try XCTUnwrap(notifier.currentWatch(of: connector))
        notifier.watch(folders: [connector])
        XCTAssertEqual(notifier.currentWatch(of: connector), first, "an unchanged folder keeps its watch")

        try folder.remove("connector")
        try folder.write("connector/q.gql", "query Q { as { x } }\n")
        notifier.watch(folders: [connector])
        let second = try XCTUnwrap(notifier.currentWatch(of: connector))
        XCTAssertNotEqual(second, first)

        try FileManager.default.moveItem(atPath: connector, toPath: folder.url("away"))
        notifier.watch(folders: [connector])
        XCTAssertNil(notifier.currentWatch(of: connector), "a missing folder has no watch")
        try FileManager.default.moveItem(atPath: folder.url("away"), toPath: connector)
        notifier.watch(folders: [connector])
        let third = try XCTUnwrap(notifier.currentWatch(of: connector))
        XCTAssertNotEqual(third, second)
        #else
        throw XCTSkip("change notifications are used on Linux only")
        #endif
    }
}
