// App code using the realtime fixture's API as an app written for Firebase's SDK would (fetch
// policies, subscriptions, variables named like the generated code's locals).

import Foundation
import SDKGenDataConnect
import MoviesSDK

@MainActor
func useMovies(movieId: UUID) async throws {
    let movies = DataConnect.moviesConnector
    let list = movies.listMoviesQuery.ref { $0.limit = 10 }
    _ = try await list.execute()
    _ = try await list.execute(fetchPolicy: .cacheOnly)
    _ = try await list.subscribe()
    let keys: [MovieKey]? = list.data?.movies.map(\.movieKey)
    let source: DataSource? = list.source
    _ = (keys, source)

    let movie = try await movies.getMovieQuery.execute(fetchPolicy: .serverOnly, id: movieId).data?.movie
    let director: String? = movie?.metadata?.director
    let actors: [ActorKey]? = movie?.mainActors.map(\.actorMainActorsKey)
    let reviewers: [UserKey]? = movie?.reviews.map(\.user.userKey)
    let dates: [LocalDate]? = movie?.reviews.map(\.reviewDate)
    let rating: Double? = movie?.rating
    _ = (director, actors, reviewers, dates, rating)

    let top = try await movies.topMoviesQuery.execute()
    let cached = try await movies.topMoviesQuery.execute(fetchPolicy: .preferCache)
    let topRef: TopMoviesQuery.Ref = movies.topMoviesQuery.ref()
    _ = (top.data?.movies.count, cached.source, topRef)

    let found = try await movies.searchMoviesQuery.execute(fetchPolicy: .serverOnly) {
        $0.variables = "Dune"
        $0.optionalVars = 5
        $0.fetchPolicy = "sf"
        $0.ref = 4.5
    }
    let searchRef: SearchMoviesQuery.Ref = movies.searchMoviesQuery.ref { $0.fetchPolicy = nil }
    let byTitle = try await movies.movieByTitleQuery.execute(fetchPolicy: .cacheOnly, fetchPolicy: "Dune") { $0.dataConnect = "x" }
    _ = (found.data?.movies.count, searchRef, byTitle.data?.movies.first?.id)

    let user: UserKey? = try await movies.upsertUserMutation.execute(username: "ada").data?.user_upsert
    let review: ReviewKey? = try await movies.addReviewMutation.execute(movieId: movieId, rating: 5, reviewText: "Great").data?.review_upsert
    let deleted: ReviewKey? = try await movies.deleteReviewMutation.execute(movieId: movieId).data?.review_delete
    _ = (user, review, deleted)
}

