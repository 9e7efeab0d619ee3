import Foundation
import SDKGenDataConnect

// ListMoviesByGenreQuery and MoviesConnector are generated into this target by SDKGenPlugin.
let response = #"{"movies": [{"id": "0b0c4a3e4b8d4f0e9a1c2d3e4f506172", "title": "Alien", "rating": 8.5}]}"#
let result = try JSONDecoder().decode(ListMoviesByGenreQuery.Data.self, from: Data(response.utf8))
print("\(ListMoviesByGenreQuery.OperationName): \(result.movies.map(\.title).joined(separator: ", "))")
print("connector: \(MoviesConnector.connectorConfig.connector)")
