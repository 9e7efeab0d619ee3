@testable import Schema
import XCTest
@testable import SwiftEmitter

final class SwiftTypeMapperTests: XCTestCase {
    private var types: SwiftTypes!

    override func setUpWithError() throws {
        types = try Emit.types("""
            enum Mood { HAPPY }
            type Movie @table { title: String! }
            type Review @table(key: ["movie", "author"]) { movie: Movie! author: String! }
            """).0
    }

    private func swift(_ type: String) -> String? {
        let ref = PreludeDSL.type(type)
        guard let base = types.baseType(ref.namedType) else { return nil }
        return SwiftTypeMapper.swiftType(ref, base: base)
    }

    func testScalarsOfSpecSection7() {
        let expected = [
            "String": "String", "Int": "Int", "Int64": "Int64", "Float": "Double", "Boolean": "Bool", "UUID": "UUID",
            "Date": "LocalDate", "Timestamp": "Timestamp", "Any": "AnyValue", "Vector": "[Double]", "ID": "String",
        ]
        for (graphQL, swiftType) in expected {
            XCTAssertEqual(swift(graphQL + "!"), swiftType, graphQL)
            XCTAssertEqual(swift(graphQL), swiftType + "?", graphQL)
        }
    }

    func testEnumsAndKeys() {
        XCTAssertEqual(swift("Mood!"), "Mood")
        XCTAssertEqual(swift("OrderDirection"), "OrderDirection?")
        XCTAssertEqual(swift("Search_QueryFormat"), "SearchQueryFormat?")
        XCTAssertEqual(swift("Movie_Key!"), "MovieKey")
        XCTAssertEqual(swift("Review_KeyOutput"), "ReviewKey?")
        XCTAssertEqual(swift("[Movie_KeyOutput!]!"), "[MovieKey]")
    }

    func testListsDropElementNullability() {
        XCTAssertEqual(swift("[String]"), "[String]?")
        XCTAssertEqual(swift("[String!]"), "[String]?")
        XCTAssertEqual(swift("[String]!"), "[String]")
        XCTAssertEqual(swift("[String!]!"), "[String]")
        XCTAssertEqual(swift("[[UUID!]]!"), "[[UUID]]")
        XCTAssertEqual(swift("[[Int64]!]"), "[[Int64]]?")
    }

    func testTypesWithoutSwiftRepresentation() {
        XCTAssertNil(swift("Movie_Filter"))
        XCTAssertNil(swift("Movie"), "object types need a generated struct")
        XCTAssertNil(swift("Nope_Key"), "no such table")
        XCTAssertNil(swift("Int_Expr"))
        XCTAssertNil(swift("AccessLevel"), "prelude enums other than the two built-ins are not emitted")
    }
}
