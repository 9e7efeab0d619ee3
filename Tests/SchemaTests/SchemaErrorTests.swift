import Diagnostics
import XCTest
@testable import Schema

/// Every schema error sdkgen reports, each with its message and location.
final class SchemaErrorTests: XCTestCase {
    /// Asserts exactly one error containing `fragment`, at `line`:`column`.
    private func expectError(_ sdl: String, _ fragment: String, line: Int, column: Int,
                             file: StaticString = #filePath, testLine: UInt = #line) throws {
        let errors = try Synthesize.errors(sdl, file: file, line: testLine)
        let matching = errors.filter { $0.message.contains(fragment) }
        XCTAssertEqual(matching.count, 1, "errors: \(errors.map(\.description))", file: file, line: testLine)
        guard let error = matching.first else { return }
        XCTAssertEqual(error.span?.range?.start.line, line, error.description, file: file, line: testLine)
        XCTAssertEqual(error.span?.range?.start.column, column, error.description, file: file, line: testLine)
    }

    func testUnknownFieldType() throws {
        try expectError("type A @table {\n  b: Bogus\n}", "Unknown type \"Bogus\" for field \"A.b\"", line: 2, column: 3)
    }

    func testListOfTables() throws {
        try expectError("type A @table { x: Int }\ntype B @table { as: [A!]! }", "array reference fields are not supported", line: 2, column: 17)
    }

    func testReferenceToView() throws {
        try expectError("type V @view(sql: \"x\") { n: Int }\ntype B @table { v: V }", "references the view \"V\"", line: 2, column: 17)
    }

    func testNonColumnTypes() throws {
        try expectError("type A @table { x: ID }", "uses \"ID\", which is not a column type", line: 1, column: 17)
        try expectError("type A @table { x: String_Filter }", "cannot be stored in a column", line: 1, column: 17)
        try expectError("type A @table { x: [[Int]] }", "nested list", line: 1, column: 17)
    }

    func testTypeWithoutTableDirective() throws {
        try expectError("type A { x: Int }", "needs @table (or @view)", line: 1, column: 6)
        try expectError("type Query @table { x: Int }", "\"Query\" is reserved", line: 1, column: 6)
        try expectError("type A @table @view(sql: \"x\") { x: Int }", "both a @table and a @view", line: 1, column: 6)
    }

    func testUnsupportedDefinitions() throws {
        try expectError("scalar Money", "Custom scalars are not supported", line: 1, column: 8)
        try expectError("input X { a: Int }", "Input types are not supported", line: 1, column: 7)
        try expectError("interface X { a: Int }", "Interfaces are not supported", line: 1, column: 11)
        try expectError("directive @mine on OBJECT", "Custom directives are not supported", line: 1, column: 12)
        try expectError("query Q { a }", "Operations belong in connector files", line: 1, column: 7)
        try expectError("enum E { A }\nextend enum E { B }", "Only object types can be extended", line: 2, column: 13)
    }

    func testDuplicates() throws {
        try expectError("type A @table { x: Int }\ntype A @table { y: Int }", "Type \"A\" is declared more than once", line: 2, column: 6)
        try expectError("type A @table { x: Int x: String }", "Field \"A.x\" is declared more than once", line: 1, column: 24)
        try expectError("type A @table { x: Int }\nextend type A { x: Int }", "Field \"A.x\" is declared more than once", line: 2, column: 17)
        try expectError("enum E { A B A }", "Enum value \"E.A\" is declared more than once", line: 1, column: 14)
        try expectError("enum OrderDirection { UP }", "clashes with a built-in type", line: 1, column: 6)
    }

    func testExtensionOfUnknownOrNonTableType() throws {
        try expectError("extend type Nope { x: Int }", "Cannot extend unknown type \"Nope\"", line: 1, column: 13)
        try expectError("enum E { A }\nextend type E { x: Int }", "Only @table and @view types can be extended", line: 2, column: 13)
    }

    func testKeyErrors() throws {
        try expectError("type A @table(key: \"nope\") { x: Int }", "names \"nope\", but \"A\" has no such field", line: 1, column: 8)
        try expectError("type A @table(key: [\"tags\"]) { tags: [String!]! }", "is a list", line: 1, column: 8)
        try expectError("type A @table(key: [\"x\", \"x\"]) { x: Int! }", "listed twice", line: 1, column: 8)
        try expectError("type A @table(key: []) { x: Int! }", "is empty", line: 1, column: 8)
        try expectError("type A @table(key: \"b\") { b: B! }\ntype B @table(key: \"a\") { a: A! }", "depends on itself", line: 1, column: 8)
    }

    func testDirectiveErrors() throws {
        try expectError("type A @table @col(name: \"x\") { x: Int }", "\"@col\" cannot be used on an object type", line: 1, column: 15)
        try expectError("type A @table { x: Int @table }", "\"@table\" cannot be used on a field", line: 1, column: 24)
        try expectError("type A @table { x: Int @bogus }", "Unknown directive \"@bogus\"", line: 1, column: 24)
        try expectError("type A @table(plural: 3) { x: Int }", "Argument \"plural\" of \"@table\" expects String, not 3", line: 1, column: 8)
        try expectError("type A @table(colour: \"red\") { x: Int }", "Unknown argument \"colour\" on \"@table\"", line: 1, column: 8)
        try expectError("type A @table @table { x: Int }", "can be used only once", line: 1, column: 15)
        try expectError("type A @table { x: Int @default(value: 1, expr: \"1\") }", "takes only one of", line: 1, column: 24)
        try expectError("type A @table { x: Int @default }", "needs one of \"value\", \"expr\", \"sql\"", line: 1, column: 24)
        try expectError("query Q @auth(level: PUBLIC) { a }\ntype A @table @auth(level: PUBLIC) { x: Int }", "\"@auth\" cannot be used on an object type",
                        line: 2, column: 15)
        try expectError("type A @table @index { x: Int }", "\"@index\" on type \"A\" needs \"fields\"", line: 1, column: 15)
        try expectError("type A @table @unique(fields: [\"y\"]) { x: Int }", "names \"y\", but \"A\" has no such field", line: 1, column: 15)
        try expectError("type A @table { x: Int @unique(fields: [\"x\"]) }", "belongs on the type", line: 1, column: 24)
        try expectError("type A @table { x: Int @searchable }", "\"@searchable\" needs a String field", line: 1, column: 24)
        try expectError("type A @table { x: Int @ref(fields: \"y\") }", "\"@ref\" belongs on a reference field", line: 1, column: 24)
        try expectError("type A @table { v: Vector }", "needs its dimension", line: 1, column: 17)
        try expectError("type A @table { n: Int @default(value: \"x\") }", "Default value \"x\" of \"A.n\" does not fit its type Int",
                        line: 1, column: 24)
        _ = try Synthesize.schema(
            "enum E { X }\ntype A @table { n: Int! @default(value: 3)  e: E @default(value: X)  f: E @default(value: \"X\")  t: [String] @default(value: []) }")
        try expectError("enum E { X }\ntype A @table { e: E @default(value: \"Y\") }", "Default value \"Y\" of \"A.e\" does not fit its type E",
                        line: 2, column: 22)
    }

    func testReferenceErrors() throws {
        try expectError("type B @table { x: Int }\ntype A @table { b: B @ref(fields: [\"p\", \"q\"]) }", "lists 2 field(s)", line: 2, column: 22)
        try expectError("type B @table { x: Int }\ntype A @table { b: B @ref(references: \"nope\") }", "names \"nope\", which is not a column",
                        line: 2, column: 22)
        try expectError("type B @table { x: Int }\ntype A @table { b: B @ref(references: \"x\") }", "must name the key or a unique field set",
                        line: 2, column: 22)
        try expectError("type B @table { x: Int }\ntype A @table { b: B  bId: String }", "Foreign key field \"A.bId\" is String", line: 2, column: 23)
    }

    func testGeneratedNameClashes() throws {
        try expectError("type A @table { x: Int  x_count: Int }", "Field \"A.x_count\" clashes with a field Data Connect generates",
                        line: 1, column: 25)
        try expectError("type A @table { _id: String }", "Field \"A._id\" clashes", line: 1, column: 17)
        try expectError("type A @table { b: B }\ntype B @table { as_on_b: Int }", "Field \"B.as_on_b\" clashes", line: 2, column: 17)
        try expectError("type A @table(plural: \"bs\") { x: Int }\ntype B @table { x: Int }", "Field \"Query.bs\" clashes", line: 2, column: 6)
    }

    func testFieldArgumentsAndReservedNames() throws {
        try expectError("type A @table { x(a: Int): Int }", "cannot have arguments", line: 1, column: 17)
        try expectError("type A @table { __x: Int }", "reserved by GraphQL", line: 1, column: 17)
    }

    func testNonNullViewFieldIsAWarning() throws {
        let (schema, diagnostics) = try Synthesize.result("type V @view(sql: \"SELECT 1 AS n\") {\n  n: Int!\n}")
        XCTAssertNotNil(schema)
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?.severity, .warning)
        XCTAssertEqual(diagnostics.first?.span?.range?.start.line, 2)
        XCTAssertTrue(diagnostics.first?.message.contains("View field \"V.n\" is non-null") ?? false)
    }

    /// Several independent problems are all reported in one run.
    func testReportsEveryError() throws {
        let errors = try Synthesize.errors("type A @table { a: Nope }\ntype B @table { b: AlsoNope }\ntype C { c: Int }")
        XCTAssertEqual(errors.count, 3)
        XCTAssertEqual(errors.map { $0.span?.range?.start.line }, [1, 2, 3])
    }
}
