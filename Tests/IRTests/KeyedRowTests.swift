@testable import IR
import XCTest

/// The rows operations read or write by primary key (docs/realtime.md, "Implicit refresh of rows read by key").
final class KeyedRowTests: XCTestCase {
    private func rows(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [IREntityRow] {
        try IRFixture.operation(text, file: file, line: line).keyedRows
    }

    private func row(_ table: String, _ key: [(String, IRKeySource)]?) -> IREntityRow {
        IREntityRow(table: table, key: key?.map { IRKeyPart(field: $0.0, source: $0.1) })
    }

    func testQueryLookupsByIDOrKey() throws {
        XCTAssertEqual(try rows("query Q($id: UUID!) { movie(id: $id) { title actors_via_MovieActor { name } } }"),
                       [row("Movie", [("id", .variable(["id"]))])])
        XCTAssertEqual(try rows("query Q($key: Movie_Key!) { movie(key: $key) { title } }"), [row("Movie", [("id", .variable(["key", "id"]))])])
        XCTAssertEqual(try rows("query Q($m: UUID!) { movieActor(key: {movieId: $m, actorId: \"0bd3c0d4a9d24c8a8d1b1f6d8f6b8c11\"}) { role } }"),
                       [row("MovieActor", [("movieId", .variable(["m"])), ("actorId", .literal("0bd3c0d4a9d24c8a8d1b1f6d8f6b8c11"))])])
        XCTAssertEqual(try rows("query Q($id: UUID!) { a: movie(id: $id) { title } b: actor(id: $id) { name } }"),
                       [row("Movie", [("id", .variable(["id"]))]), row("Actor", [("id", .variable(["id"]))])])
    }

    func testListsAndFirstAreNotLookups() throws {
        XCTAssertEqual(try rows("query Q { movies { title } }"), [])
        XCTAssertEqual(try rows("query Q { movie(first: {where: {title: {eq: \"x\"}}}) { title } }"), [])
        XCTAssertEqual(try rows("query Q { moviesCount: _count }").count, 0)
    }

    func testSingleRowWritesAndWhereTheirKeyComesFrom() throws {
        XCTAssertEqual(try rows("mutation M($id: UUID!) { movie_update(id: $id, data: {title: \"x\"}) }"),
                       [row("Movie", [("id", .variable(["id"]))])])
        XCTAssertEqual(try rows("mutation M($k: Movie_Key!) { movie_delete(key: $k) }"), [row("Movie", [("id", .variable(["k", "id"]))])])
        XCTAssertEqual(try rows("mutation M { movie_delete(first: {where: {title: {eq: \"x\"}}}) }"), [row("Movie", nil)])
        XCTAssertEqual(try rows("mutation M { movie_insert(data: {title: \"x\"}) }"), [row("Movie", nil)], "a server-generated id")
        XCTAssertEqual(try rows("mutation M($id: UUID!) { movie_upsert(data: {id: $id, title: \"x\"}) }"),
                       [row("Movie", [("id", .variable(["id"]))])])
        XCTAssertEqual(try rows("mutation M($m: UUID!, $a: Actor_Key!) { movieActor_upsert(data: {movie: {id: $m}, actor: $a, role: \"main\"}) }"),
                       [row("MovieActor", [("movieId", .variable(["m"])), ("actorId", .variable(["a", "id"]))])])
        XCTAssertEqual(try rows("mutation M($m: UUID!) { movieActor_insert(data: {movieId: $m, actorId_expr: \"auth.uid\", role: \"x\"}) }"),
                       [row("MovieActor", [("movieId", .variable(["m"])), ("actorId", .authUID)])])
        XCTAssertEqual(try rows("mutation M { movie_insertMany(data: [{title: \"x\"}]) a: movie_updateMany(data: {title: \"y\"}) }"),
                       [row("Movie", nil)], "`_updateMany` does not signal")
    }
}
