import Foundation
import Observation
import XCTest
@testable import SDKGenDataConnect

/// `{"movie": {...}}`, the result of a single-movie lookup.
struct MovieData: Decodable, Sendable, Equatable {
    var movie: MoviesData.Movie?
}

/// A movie with a nested object the service gives no entity id.
struct DirectedMovieData: Decodable, Sendable, Equatable {
    struct Person: Decodable, Sendable, Equatable {
        var name: String
    }

    struct Movie: Decodable, Sendable, Equatable {
        var title: String
        var director: Person?
    }

    var movie: Movie?
}

/// Response bodies with `extensions.dataConnect` entity ids, as the service sends them when
/// the connector is deployed with `clientCache`.
enum CacheSample {
    struct Movie {
        let uuidWire: String
        let title: String
        var year = 1999

        /// The entity id the service would send (opaque to clients).
        var entityID: String { "Movie:" + uuidWire }

        var json: String {
            "{\"id\": \"\(uuidWire)\", \"title\": \"\(title)\", \"releaseYear\": \(year)}"
        }
    }

    static func alien(_ title: String = "Alien", year: Int = 1979) -> Movie {
        Movie(uuidWire: Sample.uuidWire, title: title, year: year)
    }

    static func brazil(_ title: String = "Brazil") -> Movie {
        Movie(uuidWire: Sample.uuid2Wire, title: title, year: 1985)
    }

    /// `ListMovies`: a list of entities (`entityIds`).
    static func list(_ movies: [Movie], extraExtensions: String = "") -> String {
        let ids = movies.map { "\"\($0.entityID)\"" }.joined(separator: ", ")
        return "{\"data\": {\"movies\": [\(movies.map(\.json).joined(separator: ", "))]}, "
            + "\"extensions\": {\"dataConnect\": [{\"path\": [\"movies\"], \"entityIds\": [\(ids)]}\(extraExtensions)]}}"
    }

    /// `GetMovie`: one entity (`entityId`).
    static func single(_ movie: Movie, extraExtensions: String = "") -> String {
        "{\"data\": {\"movie\": \(movie.json)}, "
            + "\"extensions\": {\"dataConnect\": [{\"path\": [\"movie\"], \"entityId\": \"\(movie.entityID)\"}\(extraExtensions)]}}"
    }

    /// `GetDirectedMovie`: the movie entity with a `director` object that has no id.
    static func directed(_ movie: Movie, director: String) -> String {
        "{\"data\": {\"movie\": {\"title\": \"\(movie.title)\", \"director\": {\"name\": \"\(director)\"}}}, "
            + "\"extensions\": {\"dataConnect\": [{\"path\": [\"movie\"], \"entityId\": \"\(movie.entityID)\"}]}}"
    }

    /// An unsigned JWT whose payload names `uid` (the cache reads `user_id`/`sub` only).
    static func idToken(uid: String) -> String {
        func encode(_ text: String) -> String {
            Data(text.utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        return encode("{\"alg\":\"none\"}") + "." + encode("{\"sub\":\"\(uid)\",\"user_id\":\"\(uid)\"}") + ".sig"
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
enum CacheRefs {
    static func list(_ dataConnect: DataConnect) -> QueryRefObservation<MoviesData, NoVariables> {
        dataConnect.query(name: "ListMovies", variables: NoVariables(), resultsDataType: MoviesData.self, publisher: .observableMacro)
            as! QueryRefObservation<MoviesData, NoVariables>
    }

    static func movie(_ dataConnect: DataConnect, id: UUID = Sample.uuid) -> QueryRefObservation<MovieData, MovieVariables> {
        dataConnect.query(name: "GetMovie", variables: MovieVariables(id: id), resultsDataType: MovieData.self, publisher: .observableMacro)
            as! QueryRefObservation<MovieData, MovieVariables>
    }

    static func directed(_ dataConnect: DataConnect) -> QueryRefObservation<DirectedMovieData, MovieVariables> {
        dataConnect.query(
            name: "GetDirectedMovie", variables: MovieVariables(id: Sample.uuid), resultsDataType: DirectedMovieData.self,
            publisher: .observableMacro) as! QueryRefObservation<DirectedMovieData, MovieVariables>
    }

    static func titles(_ result: OperationResult<MoviesData>?) -> [String]? {
        result?.data?.movies.map(\.title)
    }

    static func titles(_ element: QuerySubscriptionElement<MoviesData>?) -> [String]? {
        guard case .success(let result)? = element else { return nil }
        return titles(result)
    }

    static func source(_ element: QuerySubscriptionElement<MoviesData>?) -> DataSource? {
        guard case .success(let result)? = element else { return nil }
        return result.source
    }

    /// Waits (by observing, not by time) until `read()` returns `expected`, giving up after a
    /// few changes; refs apply relayed results on the main actor.
    static func observe<Ref: Observable & Sendable, Value: Equatable & Sendable>(
        _ ref: Ref, until expected: Value, _ read: @escaping @MainActor @Sendable (Ref) -> Value
    ) async -> Value {
        var current = await MainActor.run { read(ref) }
        for _ in 0..<5 where current != expected {
            let (changed, continuation) = AsyncStream.makeStream(of: Void.self)
            current = await MainActor.run {
                withObservationTracking { read(ref) } onChange: { continuation.yield() }
            }
            if current == expected { break }
            var iterator = changed.makeAsyncIterator()
            _ = await iterator.next()
            current = await MainActor.run { read(ref) }
        }
        return current
    }
}

/// Collects the warnings of the instances whose `RuntimeEnvironment.warn` it is.
final class WarningLog: Sendable {
    private let messages = Locked<[String]>([])

    var warn: @Sendable (String) -> Void {
        { [messages] message in messages.withLock { $0.append(message) } }
    }

    var all: [String] {
        messages.withLock { $0 }
    }
}

/// The warnings `log` collects while `body` runs.
func capturingWarnings<T>(_ log: WarningLog, _ body: () async throws -> T) async rethrows -> (T, [String]) {
    let before = log.all.count
    let value = try await body()
    return (value, Array(log.all.dropFirst(before)))
}

extension XCTestCase {
    /// A fresh folder path under the temporary directory (not created), removed after the test.
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sdkgen-cache-\(UUID().uuidString)", isDirectory: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
