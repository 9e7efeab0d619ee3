import SchemaTestSupport
import XCTest
@testable import Schema

/// Arguments and input fields keep their description, default and directives in a shared box.
final class InputValueDetailsTests: XCTestCase {
    func testSharingIsNotObservable() {
        let shared = InputValueDetails(description: "Sets the column.", defaultValue: 1)
        let own = SchemaInputValue(name: "x", type: .named("Int"), defaultValue: 1, description: "Sets the column.")
        let boxed = SchemaInputValue(name: "x", type: .named("Int"), details: shared)
        XCTAssertEqual(own, boxed)
        XCTAssertEqual(own.hashValue, boxed.hashValue)
        XCTAssertEqual(boxed.description, "Sets the column.")
        XCTAssertEqual(boxed.defaultValue, 1)
        XCTAssertNotEqual(own, SchemaInputValue(name: "x", type: .named("Int"), defaultValue: 2, description: "Sets the column."))
        XCTAssertNotEqual(own, SchemaInputValue(name: "x", type: .named("Int"), defaultValue: 1))
    }

    func testPlainMembersShareTheEmptyBox() {
        let plain = SchemaInputValue(name: "x", type: .named("Int"))
        XCTAssertTrue(plain.details === InputValueDetails.none)
        XCTAssertNil(plain.description)
        XCTAssertNil(plain.defaultValue)
        XCTAssertEqual(plain.directives, [])
    }

    /// The point of the box: a generated member costs one reference, not a copy of its details.
    func testGeneratedMembersOfEveryTableShareTheirDetails() throws {
        let schema = try Synthesize.schema("""
        type Movie @table { title: String!, year: Int }
        type Actor @table { name: String! }
        """)
        let movie = try XCTUnwrap(schema.type(named: "Movie_Filter")?.inputField(named: "title"))
        let actor = try XCTUnwrap(schema.type(named: "Actor_Filter")?.inputField(named: "name"))
        let year = try XCTUnwrap(schema.type(named: "Movie_Filter")?.inputField(named: "year"))
        XCTAssertEqual(movie.description, "Condition on the column.")
        XCTAssertTrue(movie.details === actor.details)
        XCTAssertTrue(movie.details === year.details)
        let movieData = try XCTUnwrap(schema.type(named: "Movie_Data")?.inputField(named: "title_expr"))
        let actorData = try XCTUnwrap(schema.type(named: "Actor_Data")?.inputField(named: "name_expr"))
        XCTAssertTrue(movieData.isForbiddenInVariables)
        XCTAssertTrue(movieData.details === actorData.details)
        let limits = ["movies", "actors"].compactMap { schema.type(named: "Query")?.field(named: $0)?.argument(named: "limit") }
        XCTAssertEqual(limits.count, 2)
        XCTAssertEqual(limits.first?.defaultValue, 100)
        XCTAssertTrue(limits.first?.details === limits.last?.details)
    }
}
