import Schema
import XCTest
@testable import Validation

final class SchemaCacheTests: XCTestCase {
    /// Movie.reviews and Review.movie point at each other, so their entries form a cycle that the
    /// cache must break when it goes away (a watch session validates again on every save).
    func testEntriesOfRelatedTypesAreFreedWithTheCache() {
        weak var movie: SchemaCache.TypeEntry?
        weak var review: SchemaCache.FieldEntry?
        do {
            let cache = SchemaCache(Fixture.schema)
            let movieEntry = cache.type("Movie")
            let reviews = cache.field("reviews_on_movie", on: movieEntry)
            let back = cache.field("movie", on: reviews.selectionType)
            XCTAssertEqual(back.selectionType.type?.name, "Movie", "the fixture should relate Review back to Movie")
            XCTAssertTrue(back.selectionType === movieEntry)
            _ = cache.field("nope", on: cache.none)
            movie = movieEntry
            review = back
        }
        XCTAssertNil(movie)
        XCTAssertNil(review)
    }
}
