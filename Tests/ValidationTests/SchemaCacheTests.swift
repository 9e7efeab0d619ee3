import Schema
import XCTest
@testable import Validation

final class SchemaCacheTests: XCTestCase {
    /// Movie.reviews and Review.movie relate the two types both ways; their entries must still go
    /// with the cache (a watch session validates again on every save).
    func testEntriesOfRelatedTypesAreFreedWithTheCache() {
        weak var movie: SchemaCache.TypeEntry?
        weak var review: SchemaCache.FieldEntry?
        do {
            var cache = SchemaCache(Fixture.schema)
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

    /// A field's entry is made once per parent type: asked again it is the same entry, and the
    /// same name on another type (or an unknown one) has its own.
    func testFieldEntriesAreKeyedByParentAndName() {
        var cache = SchemaCache(Fixture.schema)
        let movie = cache.type("Movie")
        let review = cache.compositeType("Review")
        let first = cache.field("id", on: movie)
        XCTAssertTrue(cache.field("id", on: movie) === first)
        XCTAssertNotNil(first.definition)
        let other = cache.field("id", on: review)
        XCTAssertFalse(other === first)
        XCTAssertTrue(cache.field("id", on: review) === other)
        XCTAssertNil(cache.field("id", on: cache.none).definition)
        // Many entries; every one is still found.
        let names = (0..<300).map { "missing\($0)" }
        let entries = names.map { cache.field($0, on: movie) }
        for (name, entry) in zip(names, entries) { XCTAssertTrue(cache.field(name, on: movie) === entry) }
        XCTAssertTrue(cache.field("id", on: movie) === first)
    }
}
