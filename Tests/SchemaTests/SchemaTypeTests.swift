import XCTest
@testable import Schema

/// `SchemaType` and its builder: lookups by name, duplicates, kinds, equality.
final class SchemaTypeTests: XCTestCase {
    private static func field(_ name: String) -> SchemaField { SchemaField(name: name, type: .named("String")) }
    private static func input(_ name: String) -> SchemaInputValue { SchemaInputValue(name: name, type: .named("Int")) }

    func testLookupsFindEveryMemberAndRejectDuplicates() {
        var builder = SchemaType.Builder(kind: .object, name: "Movie")
        let names = (0..<5_000).map { "field\($0)" } + ["", "é", "_id", "x_y_z"]
        for name in names { XCTAssertTrue(builder.add(Self.field(name)), name) }
        XCTAssertFalse(builder.add(Self.field("field42")))
        let type = builder.build()
        XCTAssertEqual(type.fields.count, names.count)
        for (position, name) in names.enumerated() {
            XCTAssertEqual(type.field(named: name)?.name, name)
            XCTAssertEqual(type.fields[position].name, name)
        }
        XCTAssertNil(type.field(named: "field5000"))
        XCTAssertNil(type.field(named: "Field1"))
    }

    /// A builder started from a type adds to a new type; the original stays as it was.
    func testBuildingFromATypeLeavesItUnchanged() {
        let original = SchemaType(kind: .object, name: "Movie", directives: [DirectiveUse("table")], fields: [Self.field("id")])
        var builder = SchemaType.Builder(original)
        builder.add(Self.field("title"))
        builder.directives += [DirectiveUse("index")]
        builder.interfaces.append("Node")
        builder.description = "A film."
        let changed = builder.build()
        XCTAssertEqual(original.fields.map(\.name), ["id"])
        XCTAssertNil(original.field(named: "title"))
        XCTAssertEqual(original.directives.map(\.name), ["table"])
        XCTAssertEqual(original.interfaces, [])
        XCTAssertNil(original.description)
        XCTAssertEqual(changed.fields.map(\.name), ["id", "title"])
        XCTAssertEqual(changed.field(named: "title")?.name, "title")
        XCTAssertEqual(changed.directives.map(\.name), ["table", "index"])
        XCTAssertNotEqual(changed, original)
    }

    func testFieldsCompareByContent() {
        let field = SchemaField(name: "movie", type: .named("Movie"), arguments: [Self.input("id")])
        let same = SchemaField(name: "movie", type: .named("Movie"), arguments: [Self.input("id")])
        let other = SchemaField(name: "movie", type: .named("Movie"), arguments: [Self.input("id"), Self.input("limit")])
        XCTAssertEqual(field, same)
        XCTAssertNotEqual(field, other)
        XCTAssertEqual(Set([field, other, same]).count, 2)
    }

    func testBatchesReportTakenNamesAndKeepOrder() {
        var builder = SchemaType.Builder(kind: .object, name: "Query")
        builder.add(SchemaField(name: "b", type: .named("Int")))
        let rejected = builder.add(contentsOf: ["a", "b", "c", "a", "d"].map(Self.field))
        XCTAssertEqual(rejected, [1, 3])
        let type = builder.build()
        XCTAssertEqual(type.fields.map(\.name), ["b", "a", "c", "d"])
        XCTAssertEqual(type.field(named: "d")?.name, "d")
        XCTAssertEqual(type.field(named: "b")?.type, .named("Int"), "the first of a name stays")
    }

    func testInitializerDropsRepeatsAndLooksUpByKind() {
        let input = SchemaType(kind: .inputObject, name: "Movie_Filter", inputFields: ["title", "year", "title"].map(Self.input))
        XCTAssertEqual(input.inputFields.map(\.name), ["title", "year"])
        XCTAssertEqual(input.inputField(named: "year")?.type, .named("Int"))
        XCTAssertNil(input.field(named: "year"), "an input type has no output fields")

        var genre = SchemaType.Builder(kind: .enumType, name: "Genre")
        XCTAssertTrue(genre.add(SchemaEnumValue(name: "DRAMA")))
        XCTAssertFalse(genre.add(SchemaEnumValue(name: "DRAMA")))
        XCTAssertEqual(genre.build().enumValue(named: "DRAMA")?.name, "DRAMA")
        XCTAssertNil(genre.build().inputField(named: "DRAMA"))
    }

    /// Equality is about the members, not how they were added.
    func testEqualityIgnoresHowMembersWereAdded() {
        let one = SchemaType(kind: .object, name: "T", fields: (0..<40).map { Self.field("f\($0)") })
        var other = SchemaType.Builder(kind: .object, name: "T")
        for index in 0..<40 { other.add(Self.field("f\(index)")) }
        XCTAssertEqual(one, other.build())
        XCTAssertEqual(one.hashValue, other.build().hashValue)
        other.add(Self.field("extra"))
        XCTAssertNotEqual(one, other.build())
    }
}
