import Foundation
import XCTest
@testable import SDKGenDataConnect

/// Client-side `@refresh`: which live queries a mutation of this process refreshes
/// (`RefreshMatcher`), and polling on an injected clock (`RefreshScheduler`).
final class RefreshTests: XCTestCase {
    private final class Subscription: Sendable {}

    /// An ID token whose payload names `uid` (the signature is not checked).
    static func token(uid: String) -> String {
        let payload = Data("{\"user_id\":\"\(uid)\",\"email\":\"\(uid)@example.com\"}".utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "")
        return "eyJhbGciOiJub25lIn0.\(payload).signature"
    }

    private func query(_ name: String = "GetMovie", variables: JSONValue = .object([:]), rules: RefreshRules?,
                       pushed: Locked<Bool> = Locked(false),
                       refresh: @escaping @Sendable () async -> Void = {}) -> LiveQuery {
        LiveQuery(operationName: name, variables: variables, rules: rules, isPushed: { pushed.withLock { $0 } }, refresh: refresh)
    }

    private func mutation(_ name: String, variables: JSONValue = .object([:]), uid: String? = "u1", writes: [EntityRow]? = []) -> MutationEvent {
        MutationEvent(operationName: name, variables: variables, authToken: uid.map(Self.token), writes: writes)
    }

    // MARK: onMutationExecuted

    func testMutationNamedWithoutConditionRefreshes() {
        let live = query(rules: RefreshRules(onMutationExecuted: [MutationTrigger("AddReview")]))
        XCTAssertTrue(RefreshMatcher.shouldRefresh(live, after: mutation("AddReview")))
        XCTAssertFalse(RefreshMatcher.shouldRefresh(live, after: mutation("addReview")), "names match exactly")
        XCTAssertFalse(RefreshMatcher.shouldRefresh(live, after: mutation("DeleteReview")))
    }

    func testConditionDecidesOverBothVariablesAndAuth() {
        let live = query(variables: .object(["id": .string("b7acd615114048f6a52226260d5c9367")]), rules: RefreshRules(onMutationExecuted: [
            MutationTrigger("AddReview", condition: "mutation.variables.movieId == request.variables.id && request.auth.uid == mutation.auth.uid"),
        ]))
        XCTAssertTrue(RefreshMatcher.shouldRefresh(live, after: mutation(
            "AddReview", variables: .object(["movieId": .string("b7acd615114048f6a52226260d5c9367")]))))
        XCTAssertFalse(RefreshMatcher.shouldRefresh(live, after: mutation(
            "AddReview", variables: .object(["movieId": .string("000000000000000000000000000000ab")]))))
    }

    func testAuthBindingsComeFromTheToken() {
        let live = query(rules: RefreshRules(onMutationExecuted: [
            MutationTrigger("AddReview", condition: "mutation.auth.uid == 'u1' && mutation.auth.token.email == 'u1@example.com'"),
        ]))
        XCTAssertTrue(RefreshMatcher.shouldRefresh(live, after: mutation("AddReview", uid: "u1")))
        XCTAssertFalse(RefreshMatcher.shouldRefresh(live, after: mutation("AddReview", uid: "u2")))
        // Signed out, `mutation.auth` is null: the condition cannot be decided, so the query refreshes.
        XCTAssertTrue(RefreshMatcher.shouldRefresh(live, after: mutation("AddReview", uid: nil)))
    }

    func testUndecidableConditionsRefresh() {
        for condition in ["mutation.variables.a + 1 == 2", "mutation.variables.missing == 'x'", "'a' < 1", "1", "((", ""] {
            let live = query(rules: RefreshRules(onMutationExecuted: [MutationTrigger("AddReview", condition: condition)]))
            XCTAssertTrue(RefreshMatcher.shouldRefresh(live, after: mutation("AddReview")), condition)
        }
    }

    func testAnyMatchingEventRefreshes() {
        let live = query(rules: RefreshRules(onMutationExecuted: [
            MutationTrigger("AddReview", condition: "false"), MutationTrigger("AddReview", condition: "true"),
        ]))
        XCTAssertTrue(RefreshMatcher.shouldRefresh(live, after: mutation("AddReview")))
        let never = query(rules: RefreshRules(onMutationExecuted: [MutationTrigger("AddReview", condition: "false")]))
        XCTAssertFalse(RefreshMatcher.shouldRefresh(never, after: mutation("AddReview")))
    }

    func testQueriesWithoutRulesRefreshAfterEveryMutation() {
        XCTAssertTrue(RefreshMatcher.shouldRefresh(query(rules: nil), after: mutation("Anything")))
        XCTAssertFalse(RefreshMatcher.shouldRefresh(query(rules: RefreshRules()), after: mutation("Anything")),
                       "a query generated without @refresh and without a key lookup is left alone, as by the server")
    }

    // MARK: Implicit refresh of rows read by key

    private let movieByID = EntityRow(table: "Movie", key: ["id": .variable(["id"])])

    func testWriteOfTheSameRowRefreshesALookup() {
        let live = query(variables: .object(["id": .string("b7acd615114048f6a52226260d5c9367")]), rules: RefreshRules(lookups: [movieByID]))
        let update = EntityRow(table: "Movie", key: ["id": .variable(["key", "id"])])
        XCTAssertTrue(RefreshMatcher.shouldRefresh(live, after: mutation(
            "UpdateMovie", variables: .object(["key": .object(["id": .string("B7ACD615-1140-48F6-A522-26260D5C9367")])]), writes: [update])))
        XCTAssertFalse(RefreshMatcher.shouldRefresh(live, after: mutation(
            "UpdateMovie", variables: .object(["key": .object(["id": .string("000000000000000000000000000000ab")])]), writes: [update])))
        XCTAssertFalse(RefreshMatcher.shouldRefresh(live, after: mutation(
            "UpdateActor", variables: .object(["id": .string("b7acd615114048f6a52226260d5c9367")]),
            writes: [EntityRow(table: "Actor", key: ["id": .variable(["id"])])])), "another table")
    }

    func testUnknownKeysRefreshEveryLookupOfTheTable() {
        let live = query(variables: .object(["id": .string("b7acd615114048f6a52226260d5c9367")]), rules: RefreshRules(lookups: [movieByID]))
        XCTAssertTrue(RefreshMatcher.shouldRefresh(live, after: mutation("InsertMovie", writes: [EntityRow(table: "Movie", key: nil)])))
        XCTAssertTrue(RefreshMatcher.shouldRefresh(live, after: mutation(
            "UpdateMovie", variables: .object([:]), writes: [EntityRow(table: "Movie", key: ["id": .variable(["id"])])])),
                      "an unset key variable is unknown")
        XCTAssertTrue(RefreshMatcher.shouldRefresh(live, after: mutation("Handwritten", writes: nil)), "a mutation without metadata")
        XCTAssertFalse(RefreshMatcher.shouldRefresh(live, after: mutation("Other", writes: [])))
    }

    func testCompositeKeysWithAuthAndLiterals() {
        let review = EntityRow(table: "Review", key: ["userUid": .authUID, "movieId": .variable(["movieId"])])
        let live = query(variables: .object(["movieId": .string("b7acd615114048f6a52226260d5c9367")]), rules: RefreshRules(lookups: [review]))
        let written = EntityRow(table: "Review", key: ["userUid": .literal("u1"), "movieId": .variable(["m"])])
        XCTAssertTrue(RefreshMatcher.shouldRefresh(live, after: mutation(
            "AddReview", variables: .object(["m": .string("b7acd615114048f6a52226260d5c9367")]), uid: "u1", writes: [written])))
        XCTAssertFalse(RefreshMatcher.shouldRefresh(live, after: mutation(
            "AddReview", variables: .object(["m": .string("b7acd615114048f6a52226260d5c9367")]), uid: "u2", writes: [written])))
        let counter = EntityRow(table: "Counter", key: ["id": .literal("42")])
        let numbered = query(rules: RefreshRules(lookups: [counter]))
        XCTAssertTrue(RefreshMatcher.shouldRefresh(numbered, after: mutation(
            "Bump", variables: .object(["id": .int(42)]), writes: [EntityRow(table: "Counter", key: ["id": .variable(["id"])])])))
    }

    // MARK: Polling

    func testEveryIsClampedToTenSecondsToOneHour() {
        XCTAssertEqual(RefreshRules(every: [60, 30]).interval, 30)
        XCTAssertEqual(RefreshRules(every: [1]).interval, 10)
        XCTAssertEqual(RefreshRules(every: [7200]).interval, 3600)
        XCTAssertNil(RefreshRules(every: []).interval)
        XCTAssertNil(RefreshRules(every: [0, -5, .nan, .infinity]).interval)
    }

    func testPollsAtTheIntervalWhileLive() async {
        let clock = ManualClock()
        let scheduler = RefreshScheduler(clock: clock)
        let (refreshes, continuation) = AsyncStream.makeStream(of: Void.self)
        var iterator = refreshes.makeAsyncIterator()
        let subscription = Subscription()
        scheduler.add(ObjectIdentifier(subscription), query(rules: RefreshRules(every: [30])) { continuation.yield() })
        await clock.waitForDeadlines([30])
        clock.advance(29)
        XCTAssertEqual(clock.deadlines, [30], "not due yet")
        clock.advance(1)
        _ = await iterator.next()
        await clock.waitForDeadlines([60])
        clock.advance(30)
        _ = await iterator.next()
        await clock.waitForDeadlines([90])
        scheduler.remove(ObjectIdentifier(subscription))
        await clock.waitForDeadlines([])
        XCTAssertEqual(scheduler.liveQueryCount, 0)
    }

    func testShortIntervalsPollEveryTenSeconds() async {
        let clock = ManualClock()
        let scheduler = RefreshScheduler(clock: clock)
        let subscription = Subscription()
        scheduler.add(ObjectIdentifier(subscription), query(rules: RefreshRules(every: [1])))
        await clock.waitForDeadlines([10])
        scheduler.remove(ObjectIdentifier(subscription))
        await clock.waitForDeadlines([])
    }

    func testNoPollingWhileTheServerPushes() async {
        let clock = ManualClock()
        let scheduler = RefreshScheduler(clock: clock)
        let pushed = Locked(true)
        let refreshes = Locked(0)
        let subscription = Subscription()
        scheduler.add(ObjectIdentifier(subscription), query(rules: RefreshRules(every: [20]), pushed: pushed) {
            refreshes.withLock { $0 += 1 }
        })
        await clock.waitForDeadlines([20])
        clock.advance(20)
        await clock.waitForDeadlines([40])
        XCTAssertEqual(refreshes.withLock { $0 }, 0, "the server pushed during that interval")
        pushed.withLock { $0 = false }
        clock.advance(20)
        await clock.waitForDeadlines([60])
        XCTAssertEqual(refreshes.withLock { $0 }, 1, "the stream stopped: polling refreshes again")
        scheduler.remove(ObjectIdentifier(subscription))
        await clock.waitForDeadlines([])
    }

    func testOwnMutationsRefreshWhatMatchesEvenWhileTheServerPushes() async {
        let scheduler = RefreshScheduler(clock: ManualClock())
        let (refreshes, continuation) = AsyncStream.makeStream(of: String.self)
        var iterator = refreshes.makeAsyncIterator()
        let subscriptions = [Subscription(), Subscription(), Subscription()]
        scheduler.add(ObjectIdentifier(subscriptions[0]), query("Matching", rules: RefreshRules(onMutationExecuted: [MutationTrigger("AddReview")]),
                                                                pushed: Locked(true)) {
            continuation.yield("Matching")
        })
        scheduler.add(ObjectIdentifier(subscriptions[1]), query("Other", rules: RefreshRules(onMutationExecuted: [MutationTrigger("Other")])) {
            continuation.yield("Other")
        })
        scheduler.add(ObjectIdentifier(subscriptions[2]), query("Legacy", rules: nil) { continuation.yield("Legacy") })
        XCTAssertEqual(scheduler.mutationCompleted(mutation("AddReview")), 2)
        let refreshed = [await iterator.next(), await iterator.next()].compactMap { $0 }
        XCTAssertEqual(Set(refreshed), ["Matching", "Legacy"])
        subscriptions.forEach { scheduler.remove(ObjectIdentifier($0)) }
        XCTAssertEqual(scheduler.mutationCompleted(mutation("AddReview")), 0)
    }
}
