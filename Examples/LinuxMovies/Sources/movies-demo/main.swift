// Runs a mutation and two queries of the generated MoviesSDK through sdkgen's portable runtime,
// against the in-process stub server of MoviesStub, and prints the typed results.
import Foundation
import MoviesSDK
import MoviesStub
import SDKGenDataConnect

do {
    let server = try MoviesStubServer()
    // A real app passes its Firebase project's values, or calls `DataConnectApp.configure()` to read
    // GoogleService-Info.plist.
    try DataConnectApp.configure(options: DataConnectAppOptions(projectID: "linux-example"))
    let connector = DataConnect.moviesConnector
    connector.useEmulator(host: "127.0.0.1", port: server.port)

    let created = try await connector.createMovieMutation.execute(title: "Arrival", releaseYear: 2016, genre: "Sci-Fi", rating: 7.9)
    guard let key = created.data?.movie_insert else { throw DemoError("CreateMovie returned no key") }
    print("CreateMovie: inserted Arrival as \(key.id)")

    let listed = try await connector.listMoviesByGenreQuery.execute(genre: "Sci-Fi")
    let movies = listed.data?.movies ?? []
    print("ListMoviesByGenre(genre: \"Sci-Fi\"): \(movies.count) movies")
    for movie in movies {
        print("  \(movie.title), \(rated(movie.rating))")
    }

    guard let movie = try await connector.getMovieByKeyQuery.execute(key: key).data?.movie else {
        throw DemoError("GetMovieByKey found no movie")
    }
    print("GetMovieByKey: \(movie.title) (\(movie.releaseYear.map(String.init) ?? "year unknown")), \(movie.genre ?? "no genre"), \(rated(movie.rating))")
} catch {
    FileHandle.standardError.write(Data("movies-demo: \(error)\n".utf8))
    exit(1)
}

/// Optional fields of the schema (`rating: Float`) are optionals in the generated types.
func rated(_ rating: Double?) -> String {
    rating.map { "rated \($0)" } ?? "not rated"
}

struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
