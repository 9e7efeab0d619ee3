@testable import Watch
import XCTest

final class DebouncerTests: XCTestCase {
    func testBurstIsReleasedOnceAfterTheQuietPeriod() {
        var debouncer = Debouncer(quietPeriod: 100)
        debouncer.record(ChangeSet(["a.gql": .modified]), at: 0)
        XCTAssertNil(debouncer.take(at: 50))
        debouncer.record(ChangeSet(["b.gql": .added]), at: 60)
        XCTAssertNil(debouncer.take(at: 150))
        XCTAssertEqual(debouncer.take(at: 160), ChangeSet(["a.gql": .modified, "b.gql": .added]))
        XCTAssertNil(debouncer.take(at: 500))
        XCTAssertFalse(debouncer.hasPending)
    }

    func testEndlessBurstIsReleasedAfterTheMaximumDelay() {
        var debouncer = Debouncer(quietPeriod: 100, maximumDelay: 300)
        for now in stride(from: UInt64(0), through: 250, by: 50) {
            debouncer.record(ChangeSet(["a.gql": .modified]), at: now)
            XCTAssertNil(debouncer.take(at: now))
        }
        debouncer.record(ChangeSet(["a.gql": .modified]), at: 300)
        XCTAssertEqual(debouncer.take(at: 300), ChangeSet(["a.gql": .modified]))
    }

    func testChangesThatCancelOutReleaseNothing() {
        var debouncer = Debouncer(quietPeriod: 10)
        debouncer.record(ChangeSet(["tmp.gql": .added]), at: 0)
        debouncer.record(ChangeSet(["tmp.gql": .removed]), at: 5)
        XCTAssertFalse(debouncer.hasPending)
        XCTAssertNil(debouncer.take(at: 100))
    }

    func testMergeRules() {
        var set = ChangeSet(["a": .added, "b": .removed, "c": .modified, "d": .added])
        set.merge(ChangeSet(["a": .modified, "b": .added, "c": .removed, "d": .removed, "e": .modified]))
        XCTAssertEqual(set, ChangeSet(["a": .added, "b": .modified, "c": .removed, "e": .modified]))
        XCTAssertEqual(set.summary(), "2 modified, 1 added, 1 removed: a, b, c, ...")
        XCTAssertFalse(set.configurationChanged)
        XCTAssertTrue(ChangeSet(["x/connector.yaml": .modified]).configurationChanged)
    }
}
