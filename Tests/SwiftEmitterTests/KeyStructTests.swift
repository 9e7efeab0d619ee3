import Diagnostics
import XCTest
@testable import SwiftEmitter

final class KeyStructTests: XCTestCase {
    private func keys(_ sdl: String) throws -> [KeyStruct] {
        let (types, diagnostics) = try Emit.types(sdl)
        XCTAssertEqual(diagnostics.map(\.message), [])
        return types.keys
    }

    func testOrderIsTheByteOrderOfKeyInputNames() throws {
        let result = try keys("""
            type Movie @table { title: String! }
            type MovieMetadata @table { movie: Movie! }
            type MovieActor @table(key: ["movie", "actor"]) { movie: Movie! actor: Actor! }
            type Actor @table { name: String! }
            type FavoriteMovie @table(name: "fav", key: ["user", "movie"]) { user: User! movie: Movie! }
            type User @table(key: "uid") { uid: String! }
            type Review @table(key: ["movie", "user"]) { user: User! movie: Movie! }
            """)
        XCTAssertEqual(result.map(\.name),
                       ["ActorKey", "FavoriteMovieKey", "MovieActorKey", "MovieMetadataKey", "MovieKey", "ReviewKey", "UserKey"])
    }

    func testFieldsFollowDeclarationOrderWithReferenceForeignKeys() throws {
        let result = try keys("""
            type User @table(key: "uid") { uid: String! }
            type Movie @table { title: String! }
            type Review @table(key: ["movie", "user"]) { user: User! movie: Movie! }
            type Event @table(key: ["at", "kind"]) { kind: String! at: Timestamp! }
            """)
        let review = try XCTUnwrap(result.first { $0.table == "Review" })
        XCTAssertEqual(review.fields.map(\.name), ["userUid", "movieId"])
        XCTAssertEqual(review.fields.map(\.swiftType), ["String", "UUID"])
        let event = try XCTUnwrap(result.first { $0.table == "Event" })
        XCTAssertEqual(event.fields.map(\.name), ["kind", "at"])
        XCTAssertEqual(event.fields.map(\.swiftType), ["String", "Timestamp"])
        XCTAssertEqual(result.first { $0.table == "Movie" }?.fields.map(\.name), ["id"])
    }

    func testCompositeKeyThroughACompositeReference() throws {
        let result = try keys("""
            type Library @table { name: String! }
            type Card @table(key: ["library", "holder"]) { library: Library! holder: String! }
            type Loan @table(key: ["book", "card"]) { card: Card! book: Book! }
            type Book @table { title: String! }
            """)
        XCTAssertEqual(result.first { $0.table == "Loan" }?.fields.map(\.name), ["cardLibraryId", "cardHolder", "bookId"])
    }

    func testViewsHaveNoKeys() throws {
        let result = try keys("""
            type Movie @table { title: String! }
            type Stats @view(sql: "select 1 as n") { n: Int }
            """)
        XCTAssertEqual(result.map(\.name), ["MovieKey"])
    }
}
