import Foundation
import XCTest
@testable import SDKGenDataConnect

/// Client-side `@refresh`: which live queries a mutation of this process refreshes
/// (`RefreshMatcher`, `RefreshScheduler`), and polling on an injected clock.
final class RefreshTests: XCTestCase {
    private final class Subscription: Sendable {}

    /// An ID token whose payload names `uid` (the signature is not checked).
    static func token(uid: String) -> String {
        let payload = Data("{\"user_id\":\"\(uid)\",\"email\":\"\(uid)@example.com\"}".utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "")
        return "eyJhbGciOiJub25lIn0.\(payload).signature"
    }

    private func query(_ name: String = "GetMovie", variables: JSONValue = .object([:]), rules: RefreshRules?) -> LiveQuery {
        LiveQuery(operationName: name, variables: variables, rules: rules)
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

    /// A subscribed ref with `rules` against a server answering every request with a new title.
    private func polledRef(every interval: TimeInterval, clock: ManualClock) async throws
        -> (QueryResultStream<MoviesData>, StubServer)
    {
        let server = StubServer()
        server.respond { _, index in .json(status: 200, body: "{\"data\": \(Sample.moviesJSON(["v\(index)"]))}") }
        let dataConnect = try TestEnvironment.dataConnect(
            server, environment: RuntimeEnvironment(clock: clock, cacheDirectory: TestEnvironment.cacheDirectory))
        let ref = dataConnect.query(
            name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self, publisher: .observableObject,
            refresh: RefreshRules(every: [interval])) as! QueryRefObservableObject<MoviesData, NoVariables>
        return (try await ref.subscribeStream(), server)
    }

    func testPollsAtTheIntervalWhileLive() async throws {
        let clock = ManualClock()
        let (stream, server) = try await polledRef(every: 30, clock: clock)
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
        await clock.waitForDeadlines([30])
        clock.advance(29)
        XCTAssertEqual(clock.deadlines, [30], "not due yet")
        XCTAssertEqual(server.requests.count, 1)
        clock.advance(1)
        _ = await iterator.next()
        await clock.waitForDeadlines([60])
        XCTAssertEqual(server.requests.count, 2)
        stream.cancel()
        await clock.waitForDeadlines([])
    }

    func testShortIntervalsPollEveryTenSeconds() async throws {
        let clock = ManualClock()
        let (stream, _) = try await polledRef(every: 1, clock: clock)
        await clock.waitForDeadlines([10])
        stream.cancel()
        await clock.waitForDeadlines([])
    }

    func testOwnMutationsRefreshWhatMatches() {
        var scheduler = RefreshScheduler()
        let subscriptions = [Subscription(), Subscription(), Subscription()]
        let ids = subscriptions.map(ObjectIdentifier.init)
        scheduler.add(ids[0], query("Matching", rules: RefreshRules(onMutationExecuted: [MutationTrigger("AddReview")])), poll: nil)
        scheduler.add(ids[1], query("Other", rules: RefreshRules(onMutationExecuted: [MutationTrigger("Other")])), poll: nil)
        scheduler.add(ids[2], query("Legacy", rules: nil), poll: nil)
        XCTAssertEqual(Set(scheduler.refreshed(by: mutation("AddReview"))), [ids[0], ids[2]])
        ids.forEach { scheduler.remove($0) }
        XCTAssertEqual(scheduler.refreshed(by: mutation("AddReview")), [])
        XCTAssertEqual(scheduler.liveQueryCount, 0)
    }
}
