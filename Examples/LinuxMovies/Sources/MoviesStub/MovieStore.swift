import Foundation

/// The `Movie` table of the example's schema, kept in memory, and the `movies` connector's three
/// operations run against it. Requests and answers are Data Connect's JSON: the answer to a known
/// operation is `{"data": ...}` holding exactly the fields the operation selects, any other
/// operation gets `{"errors": [...]}` as the service would.
final class MovieStore: @unchecked Sendable {
    // @unchecked: `movies` and `lastID` are guarded by `lock`.
    private struct Movie {
        var id: String
        var title: String
        var releaseYear: Int
        var genre: String
        var rating: Double
    }

    private let lock = NSLock()
    private var movies: [Movie] = []
    private var lastID = 0

    init() {
        insert(title: "The Matrix", releaseYear: 1999, genre: "Sci-Fi", rating: 8.7)
        insert(title: "Spirited Away", releaseYear: 2001, genre: "Animation", rating: 8.6)
        insert(title: "Blade Runner", releaseYear: 1982, genre: "Sci-Fi", rating: 8.1)
    }

    /// The JSON object answering one `executeQuery`/`executeMutation` request body.
    func answer(operationName: String, variables: [String: Any]) -> [String: Any] {
        lock.lock()
        defer { lock.unlock() }
        switch operationName {
        case "CreateMovie":
            guard let title = variables["title"] as? String, let releaseYear = variables["releaseYear"] as? Int,
                  let genre = variables["genre"] as? String, let rating = variables["rating"] as? Double else {
                return Self.error("CreateMovie needs title, releaseYear, genre and rating")
            }
            let id = insert(title: title, releaseYear: releaseYear, genre: genre, rating: rating)
            return ["data": ["movie_insert": ["id": id]]]
        case "ListMoviesByGenre":
            let genre = variables["genre"] as? String
            let rows = movies.filter { $0.genre == genre }.map { ["id": $0.id, "title": $0.title, "rating": $0.rating] as [String: Any] }
            return ["data": ["movies": rows]]
        case "GetMovieByKey":
            let id = ((variables["key"] as? [String: Any])?["id"] as? String).map(Self.wireID)
            guard let movie = movies.first(where: { $0.id == id }) else { return ["data": ["movie": NSNull()]] }
            let row: [String: Any] = [
                "id": movie.id, "title": movie.title, "releaseYear": movie.releaseYear, "genre": movie.genre, "rating": movie.rating,
            ]
            return ["data": ["movie": row]]
        default:
            return Self.error("unknown operation '\(operationName)'")
        }
    }

    /// Adds a movie with the next id: UUIDs 00000000-0000-0000-0000-000000000001, ...002 and so on,
    /// so that the example prints the same on every run.
    @discardableResult
    private func insert(title: String, releaseYear: Int, genre: String, rating: Double) -> String {
        lastID += 1
        let id = String(repeating: "0", count: 32 - String(lastID).count) + String(lastID)
        movies.append(Movie(id: id, title: title, releaseYear: releaseYear, genre: genre, rating: rating))
        return id
    }

    /// Data Connect writes UUIDs as 32 lower-case hex digits and accepts the dashed form too.
    private static func wireID(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "-", with: "")
    }

    private static func error(_ message: String) -> [String: Any] {
        ["errors": [["message": message]]]
    }
}
