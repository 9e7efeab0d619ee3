import Foundation
import XCTest
@testable import SDKGenDataConnect

/// The cache's parts on their own: normalization, records, identity, folders.
final class CacheUnitTests: XCTestCase {
    private func json(_ text: String) throws -> JSONValue {
        try JSONValue.parse(Data(text.utf8))
    }

    func testNormalizationSharesIdentifiedObjectsAndRoundTrips() throws {
        let data = try json("""
            {"movies": [{"id": "1", "title": "A", "tags": ["x"], "reviews": [{"id": "r1", "stars": 5}, {"stars": 1}],
                         "meta": {"views": 3}}, null],
             "count": 2}
            """)
        let extensions = try json("""
            {"dataConnect": [{"path": ["movies"], "entityIds": ["M1", "M-null"]},
                             {"path": ["movies", 0, "reviews"], "entityIds": ["R1"]}]}
            """)
        let output = ResultNormalizer(extensions: extensions).normalize(data)
        XCTAssertEqual(output.entities["M1"], ["id": .string("1"), "title": .string("A"), "tags": .array([.string("x")])])
        XCTAssertEqual(output.entities["R1"], ["id": .string("r1"), "stars": .int(5)])
        XCTAssertNil(output.entities["M-null"], "an id pointing at null is ignored")
        XCTAssertEqual(output.entities.count, 2)
        var ids: Set<String> = []
        output.root.collectEntityIDs(into: &ids)
        XCTAssertEqual(ids, ["M1", "R1"])

        let records = output.entities.mapValues { EntityRecord(fields: $0, stamp: .zero) }
        XCTAssertEqual(output.root.denormalized(records), data)
        let encoded = try JSONEncoder().encode(output.root)
        XCTAssertEqual(try JSONDecoder().decode(ResultNode.self, from: encoded), output.root)
    }

    func testRecordsKeepNewerValuesAgainstOlderWrites() {
        let older = QueryStamp.next()
        let newer = QueryStamp.next()
        var record = EntityRecord(fields: ["title": .string("new")], stamp: newer)
        XCTAssertTrue(record.merge(["title": .string("old")], stamp: older) == (false, true))
        XCTAssertEqual(record.fields["title"], .string("new"))
        XCTAssertTrue(record.merge(["title": .string("old"), "year": .int(1)], stamp: older) == (true, true), "missing fields are filled in")
        XCTAssertEqual(record.fields, ["title": .string("new"), "year": .int(1)])
        XCTAssertTrue(record.merge(["title": .string("new"), "year": .int(1)], stamp: older) == (false, false), "equal values are not kept apart")
        XCTAssertTrue(record.merge(["title": .string("newest")], stamp: QueryStamp.next()) == (true, false))
        XCTAssertEqual(record.fields["title"], .string("newest"))
    }

    func testAnOlderResponseOfTheSameQueryIsRefused() {
        let scope = CacheScope(appName: "a", projectID: "p", connector: TestEnvironment.connector, endpoint: "h:1", user: "anon")
        let store = CacheStore(scope: scope)
        let older = QueryStamp.next()
        let newer = QueryStamp.next()
        let accepted = store.write(key: "q", data: .object(["v": .int(2)]), extensions: nil, requestStamp: newer, now: Date(), maxBytes: 1 << 20)
        XCTAssertTrue(accepted.accepted)
        let refused = store.write(key: "q", data: .object(["v": .int(1)]), extensions: nil, requestStamp: older, now: Date(), maxBytes: 1 << 20)
        XCTAssertFalse(refused.accepted)
        XCTAssertEqual(store.queries["q"]?.root.denormalized(store.records), .object(["v": .int(2)]))
    }

    func testARewriteShowingTheSameEntitiesStillHearsTheirLaterChanges() throws {
        let scope = CacheScope(appName: "a", projectID: "p", connector: TestEnvironment.connector, endpoint: "h:1", user: "anon")
        let store = CacheStore(scope: scope)
        let ids = try json(#"{"dataConnect": [{"path": [], "entityId": "E"}]}"#)
        func write(_ key: String, _ title: String) -> CacheStore.WriteOutcome {
            store.write(key: key, data: .object(["title": .string(title)]), extensions: ids, requestStamp: .next(), now: Date(), maxBytes: 1 << 20)
        }
        _ = write("q", "a")
        _ = write("q", "b")
        let outcome = write("p", "c")
        XCTAssertEqual(outcome.impacted.map(\.key), ["q"])
        XCTAssertEqual(outcome.impacted.first?.data, .object(["title": .string("c")]))
        XCTAssertEqual(store.estimatedSize, CacheStore(scope: scope, queries: store.queries, records: store.records).estimatedSize)
    }

    func testAResultLargerThanTheStoreIsNotKeptAndEvictsNothingElse() throws {
        let scope = CacheScope(appName: "a", projectID: "p", connector: TestEnvironment.connector, endpoint: "h:1", user: "anon")
        let store = CacheStore(scope: scope)
        let small = JSONValue.object(["v": .int(1)])
        let large = JSONValue.object(["v": .string(String(repeating: "x", count: 2_000))])
        let ids = try json(#"{"dataConnect": [{"path": [], "entityId": "E"}]}"#)
        _ = store.write(key: "kept", data: small, extensions: nil, requestStamp: QueryStamp.next(), now: Date(), maxBytes: 1_000)
        _ = store.write(key: "q", data: small, extensions: ids, requestStamp: QueryStamp.next(), now: Date(), maxBytes: 1_000)
        XCTAssertNotNil(store.records["E"])
        let outcome = store.write(key: "q", data: large, extensions: ids, requestStamp: QueryStamp.next(), now: Date(), maxBytes: 1_000)
        XCTAssertTrue(outcome.accepted, "the result is still shown")
        XCTAssertNil(store.queries["q"], "its older result is gone")
        XCTAssertNil(store.records["E"], "and the record only it used")
        XCTAssertEqual(store.queries["kept"]?.root.denormalized(store.records), small)
        XCTAssertEqual(store.estimatedSize, store.queries["kept"]?.size)
    }

    func testResponseMaxAgeReadsDurationsAndTakesTheShortest() throws {
        XCTAssertEqual(ResultNormalizer.maxAge(extensions: try json(#"{"dataConnect": [{"maxAge": "30s"}, {"ttl": "2.5s"}]}"#)), 2.5)
        XCTAssertEqual(ResultNormalizer.maxAge(extensions: try json(#"{"dataConnect": [{"path": [], "maxAge": 7}]}"#)), 7)
        XCTAssertNil(ResultNormalizer.maxAge(extensions: try json(#"{"dataConnect": [{"maxAge": "-1s"}, {"maxAge": "5m"}]}"#)))
        XCTAssertNil(ResultNormalizer.maxAge(extensions: nil))
    }

    func testUserIdentityComesFromTheTokenClaims() {
        XCTAssertEqual(UserIdentity.user(fromToken: nil), "anon")
        XCTAssertEqual(UserIdentity.user(fromToken: ""), "anon")
        XCTAssertEqual(UserIdentity.user(fromToken: CacheSample.idToken(uid: "alice")), "uid:alice")
        // A refreshed token of the same user (another signature) is the same user.
        let refreshed = CacheSample.idToken(uid: "alice").replacingOccurrences(of: ".sig", with: ".other")
        XCTAssertEqual(UserIdentity.user(fromToken: refreshed), "uid:alice")
        let opaque = UserIdentity.user(fromToken: "not-a-jwt")
        XCTAssertTrue(opaque.hasPrefix("token:"))
        XCTAssertEqual(opaque, UserIdentity.user(fromToken: "not-a-jwt"))
        XCTAssertNotEqual(opaque, UserIdentity.user(fromToken: "another-token"))
        XCTAssertTrue(UserIdentity.user(fromToken: "a.!!!.c").hasPrefix("token:"), "an undecodable payload is opaque")
    }

    func testStableHashIsFixed() {
        // Fixed values: file names must not change between processes or releases.
        XCTAssertEqual(StableHash.hex(""), "cbf29ce4842223256c62272e07bb0142")
        XCTAssertEqual(StableHash.hex("a").count, 32)
        XCTAssertNotEqual(StableHash.hex("a"), StableHash.hex("b"))
    }

    func testCacheFolderFollowsXDGOnLinux() {
        XCTAssertEqual(CacheDirectory.linuxBase(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]).path, "/x/cache")
        XCTAssertEqual(CacheDirectory.linuxBase(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]).path, "/home/u/.cache")
        XCTAssertEqual(CacheDirectory.linuxBase(environment: ["HOME": "/home/u"]).path, "/home/u/.cache")
        XCTAssertEqual(CacheDirectory.platformDefault().lastPathComponent, "SDKGenDataConnect")
    }
}
