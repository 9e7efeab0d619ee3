// Subscribes to the `@refresh` query GetMovie of the generated MoviesSDK with the ref's
// `subscribe()`, as an app would. Its connector has `clientCache`, so the subscription uses the
// realtime stream: the runtime's own ws:// client, pointed by `useEmulator` at
// RealtimeLoopbackServer speaking the emulator's framing. Checks the typed results of the server's
// answer and of a later push.

import Foundation
import SDKGenDataConnect
import MoviesSDK

/// Collects a subscription's elements in the background, so that waits for them are bounded.
final class Updates<ResultData: Decodable & Sendable>: @unchecked Sendable {
    // @unchecked: `received` is guarded by `lock`.
    private let lock = NSLock()
    private var received: [QuerySubscriptionElement<ResultData>] = []

    func append(_ element: QuerySubscriptionElement<ResultData>) {
        lock.lock()
        received.append(element)
        lock.unlock()
    }

    /// Element number `index` (0-based), or nil if it did not arrive within `timeout` seconds.
    func element(_ index: Int, timeout: TimeInterval = 10) async -> QuerySubscriptionElement<ResultData>? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let arrived = arrived(index)
            if arrived != nil || Date() >= deadline { return arrived }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
    }

    private func arrived(_ index: Int) -> QuerySubscriptionElement<ResultData>? {
        lock.lock()
        defer { lock.unlock() }
        return index < received.count ? received[index] : nil
    }
}

/// Runs after `runEndToEndChecks`, which configures the default app the generated connector uses.
@MainActor
func runRealtimeChecks() async -> [String] {
    let checker = Checker()
    func check(_ condition: Bool, _ message: String, line: Int = #line) {
        checker.check(condition, "realtime: " + message, line: line)
    }
    guard DataConnectApp.app() != nil else { return ["realtime: the default app is not configured"] }
    let movieId = UUID(uuidString: "5A6B7C8D-9E0F-4A1B-8C2D-3E4F5A6B7C8D")!
    let movieWire = "5a6b7c8d9e0f4a1b8c2d3e4f5a6b7c8d"
    let actorWire = "00112233445566778899aabbccddeeff"
    let answer = #"""
        {"data": {"movie": {"id": "\#(movieWire)", "title": "Dune", "imageUrl": "dune.png", "releaseYear": 2021,
         "genre": "sf", "rating": 4.5, "description": null, "metadata": {"director": "Denis Villeneuve"},
         "mainActors": [{"id": "\#(actorWire)", "name": "Timothée", "imageUrl": "t.png"}], "reviews": []}}}
        """#
    let pushed = #"""
        {"data": {"movie": {"id": "\#(movieWire)", "title": "Dune: Part One", "imageUrl": "dune.png", "releaseYear": 2021,
         "genre": "sf", "rating": 4.75, "description": null, "metadata": {"director": "Denis Villeneuve"},
         "mainActors": [{"id": "\#(actorWire)", "name": "Timothée", "imageUrl": "t.png"}],
         "reviews": [{"rating": 5, "reviewText": "Great", "reviewDate": "2024-03-01", "user": {"uid": "ada", "username": "Ada"}}]}}}
        """#

    do {
        // A subscription keyed by another id would get no movie.
        let server = try RealtimeLoopbackServer(emulatorFraming: true) { id in
            id == movieWire ? answer : #"{"data": {"movie": null}}"#
        }
        let movies = DataConnect.moviesConnector
        movies.useEmulator(host: "127.0.0.1", port: server.port)
        let updates = Updates<GetMovieQuery.Data>()
        let subscription = try await movies.getMovieQuery.ref(id: movieId).subscribe()
        #if canImport(Combine)
        let consumer = Task { for await element in subscription.values { updates.append(element) } }
        #else
        let consumer = Task { for await element in subscription { updates.append(element) } }
        #endif
        defer { consumer.cancel() }

        guard let first = await updates.element(0) else {
            return checker.failures + ["realtime: no answer to the subscription from ws://127.0.0.1:\(server.port) within 10 s"]
        }
        let initial = try first.get()
        let movie = initial.data?.movie
        check(initial.source == .server, "answer source \(initial.source)")
        check(movie?.movieKey.id == movieId && movie?.title == "Dune", "answer: \(String(describing: movie))")
        check(movie?.rating == 4.5 && movie?.releaseYear == 2021 && movie?.description == nil, "answer scalars")
        check(movie?.metadata?.director == "Denis Villeneuve", "answer nested object")
        check(movie?.mainActors.map(\.name) == ["Timothée"] && movie?.reviews.isEmpty == true, "answer lists")

        server.push(id: movieWire, body: pushed)
        guard let second = await updates.element(1) else {
            return checker.failures + ["realtime: no push reached the subscriber within 10 s"]
        }
        let update = try second.get()
        let updated = update.data?.movie
        check(update.source == .server, "push source \(update.source)")
        check(updated?.movieKey.id == movieId && updated?.title == "Dune: Part One", "push: \(String(describing: updated))")
        check(updated?.rating == 4.75, "pushed rating")
        let review = updated?.reviews.first
        check(updated?.reviews.count == 1 && review?.rating == 5 && review?.reviewText == "Great", "pushed review")
        let reviewDate = try LocalDate(year: 2024, month: 3, day: 1)
        check(review?.reviewDate == reviewDate, "pushed date")
        check(review?.user.userKey.uid == "ada" && review?.user.username == "Ada", "pushed nested key")
    } catch {
        checker.failures.append("realtime: unexpected error: \(error)")
    }
    return checker.failures
}

