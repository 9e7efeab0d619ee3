import XCTest
@testable import Schema

/// The member index of `SchemaType`: lookups by name through growth, duplicates, kinds.
final class SchemaTypeTests: XCTestCase {
    private static func field(_ name: String) -> SchemaField { SchemaField(name: name, type: .named("String")) }
    private static func input(_ name: String) -> SchemaInputValue { SchemaInputValue(name: name, type: .named("Int")) }

    func testLookupsSurviveGrowthAndRejectDuplicates() {
        var type = SchemaType(kind: .object, name: "Movie")
        let names = (0..<5_000).map { "field\($0)" } + ["", "é", "_id", "x_y_z"]
        for name in names { XCTAssertTrue(type.add(Self.field(name)), name) }
        XCTAssertFalse(type.add(Self.field("field42")))
        XCTAssertEqual(type.fields.count, names.count)
        for (position, name) in names.enumerated() {
            XCTAssertEqual(type.field(named: name)?.name, name)
            XCTAssertEqual(type.fields[position].name, name)
        }
        XCTAssertNil(type.field(named: "field5000"))
        XCTAssertNil(type.field(named: "Field1"))
        XCTAssertTrue(type.hasMember("x_y_z"))
    }

    /// Types share one storage box until one of them changes; a change never shows in a copy.
    func testCopiesAreIndependentValues() {
        var original = SchemaType(kind: .object, name: "Movie", directives: [DirectiveUse("table")])
        original.add(Self.field("id"))
        var copy = original
        XCTAssertEqual(copy, original)
        copy.add(Self.field("title"))
        copy.directives += [DirectiveUse("index")]
        copy.interfaces.append("Node")
        copy.description = "A film."
        XCTAssertEqual(original.fields.map(\.name), ["id"])
        XCTAssertNil(original.field(named: "title"), "the copy's index is its own")
        XCTAssertEqual(original.directives.map(\.name), ["table"])
        XCTAssertEqual(original.interfaces, [])
        XCTAssertNil(original.description)
        XCTAssertEqual(copy.fields.map(\.name), ["id", "title"])
        XCTAssertEqual(copy.field(named: "title")?.name, "title")
        XCTAssertEqual(copy.directives.map(\.name), ["table", "index"])
        XCTAssertNotEqual(copy, original)

        var batch = original
        XCTAssertEqual(batch.add(contentsOf: ["id", "year"].map(Self.field)), [0])
        batch.setMembers(fields: [Self.field("only")])
        XCTAssertEqual(original.fields.map(\.name), ["id"])
        XCTAssertEqual(batch.fields.map(\.name), ["only"])
        XCTAssertNil(batch.field(named: "id"))
    }

    func testFieldCopiesAreIndependentValues() {
        let original = SchemaField(name: "movie", type: .named("Movie"), arguments: [Self.input("id")])
        var copy = original
        copy.name = "movies"
        copy.type = .nonNull(.list(.nonNull(.named("Movie"))))
        copy.arguments.append(Self.input("limit"))
        copy.directives.append(DirectiveUse("deprecated"))
        copy.description = "All of them."
        XCTAssertEqual(original, SchemaField(name: "movie", type: .named("Movie"), arguments: [Self.input("id")]))
        XCTAssertEqual(copy.arguments.map(\.name), ["id", "limit"])
        XCTAssertEqual(copy.directives.map(\.name), ["deprecated"])
        XCTAssertNotEqual(copy, original)
        XCTAssertEqual(Set([original, copy, original]).count, 2)
    }

    func testBatchesReportTakenNamesAndKeepOrder() {
        var type = SchemaType(kind: .object, name: "Query")
        type.add(SchemaField(name: "b", type: .named("Int")))
        let rejected = type.add(contentsOf: ["a", "b", "c", "a", "d"].map(Self.field))
        XCTAssertEqual(rejected, [1, 3])
        XCTAssertEqual(type.fields.map(\.name), ["b", "a", "c", "d"])
        XCTAssertEqual(type.field(named: "d")?.name, "d")
        XCTAssertEqual(type.field(named: "b")?.type, .named("Int"), "the first of a name stays")
    }

    func testSetMembersDropsRepeatsAndLooksUpByKind() {
        var input = SchemaType(kind: .inputObject, name: "Movie_Filter")
        input.setMembers(inputFields: ["title", "year", "title"].map(Self.input))
        XCTAssertEqual(input.inputFields.map(\.name), ["title", "year"])
        XCTAssertEqual(input.inputField(named: "year")?.type, .named("Int"))
        XCTAssertNil(input.field(named: "year"), "an input type has no output fields")

        var genre = SchemaType(kind: .enumType, name: "Genre")
        XCTAssertTrue(genre.add(SchemaEnumValue(name: "DRAMA")))
        XCTAssertFalse(genre.add(SchemaEnumValue(name: "DRAMA")))
        XCTAssertEqual(genre.enumValue(named: "DRAMA")?.name, "DRAMA")
        XCTAssertNil(genre.inputField(named: "DRAMA"))
    }

    /// Equality is about the members, not how the index was built.
    func testEqualityIgnoresHowMembersWereAdded() {
        var one = SchemaType(kind: .object, name: "T")
        one.setMembers(fields: (0..<40).map { Self.field("f\($0)") })
        var other = SchemaType(kind: .object, name: "T")
        for index in 0..<40 { other.add(Self.field("f\(index)")) }
        XCTAssertEqual(one, other)
        XCTAssertEqual(one.hashValue, other.hashValue)
        other.add(Self.field("extra"))
        XCTAssertNotEqual(one, other)
    }
}
