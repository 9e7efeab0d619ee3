import Diagnostics
import GraphQL
import TestSupport
import XCTest

final class ASTTests: XCTestCase {
    func testEqualityIncludesRangesAndSource() throws {
        let first = try GraphQLTesting.parse("type T { f: Int }")
        let sameSource = try Parser.parseDocument(first.source)
        XCTAssertEqual(first, sameSource, "parsing the same file twice gives equal trees")
        let shifted = try GraphQLTesting.parse(" type T { f: Int }")
        XCTAssertNotEqual(first.definitions, shifted.definitions, "ranges take part in ==")
        let otherFile = try GraphQLTesting.parse("type T { f: Int }")
        XCTAssertNotEqual(first, otherFile, "documents from different files differ")
        XCTAssertEqual(first.definitions, otherFile.definitions, "same text at the same places")
    }

    func testStructuralComparisonIgnoresRangesOnly() throws {
        let compact = try GraphQLTesting.parse("type T{f(a:Int=1):[Int!]@d}")
        let spaced = try GraphQLTesting.parse("\n\ntype   T {\n  f(a: Int = 1): [Int!] @d\n}\n")
        XCTAssertTrue(StructuralComparison.isEqualIgnoringRanges(compact, spaced))
        XCTAssertNil(StructuralComparison.firstDifference(compact, spaced))

        for changed in ["type T{f(a:Int=2):[Int!]@d}", "type T{f(a:Int=1):[Int]@d}", "type T{f(a:Int=1):[Int!]@e}",
                        "type T{f(a:Int=1):[Int!]}", "type T{g(a:Int=1):[Int!]@d}", "\"d\" type T{f(a:Int=1):[Int!]@d}",
                        "interface T{f(a:Int=1):[Int!]@d}", "type T{f(a:Int=1.0):[Int!]@d}"] {
            let other = try GraphQLTesting.parse(changed)
            XCTAssertFalse(StructuralComparison.isEqualIgnoringRanges(compact, other), changed)
            XCTAssertNotNil(StructuralComparison.firstDifference(compact, other), changed)
        }
    }

    func testStructuralComparisonSeesBlockFlagAndOperationType() throws {
        let block = try GraphQLTesting.parse(#""""d""" scalar S"#)
        let quoted = try GraphQLTesting.parse(#""d" scalar S"#)
        XCTAssertFalse(StructuralComparison.isEqualIgnoringRanges(block, quoted))
        let query = try GraphQLTesting.parse("query { a }")
        let mutation = try GraphQLTesting.parse("mutation { a }")
        XCTAssertEqual(StructuralComparison.firstDifference(query, mutation).map { $0.contains("operation") }, true)
    }

    func testTypeReferenceHelpers() throws {
        let type = try Parser.parseType(GraphQLTesting.source("[Movie!]!"))
        XCTAssertEqual(type.description, "[Movie!]!")
        XCTAssertEqual(type.description, "[Movie!]!")
        XCTAssertEqual(type.namedType.name.value, "Movie")
        guard case .nonNull(.list(let element, let listRange), let range) = type else { return XCTFail("unexpected shape") }
        XCTAssertEqual(element.description, "Movie!")
        XCTAssertEqual(range.end.column, 10)
        XCTAssertEqual(listRange.end.column, 9)
        XCTAssertFalse(element.namedType.name.range.isSynthesized)
        guard case .named = try Parser.parseType(GraphQLTesting.source("Int")) else { return XCTFail("Int is a named type") }
    }

    func testNamesAndResponseKeys() throws {
        let document = try GraphQLTesting.parse("{ a: b c }")
        guard case .operation(let query) = document.definitions.first else { return XCTFail("expected an operation") }
        let fields = query.selectionSet.selections.compactMap { if case .field(let field) = $0 { field } else { nil } }
        XCTAssertEqual(fields.map(\.responseKey), ["a", "c"])
        XCTAssertEqual(fields.map(\.name.description), ["b", "c"])
        XCTAssertTrue(SourceRange.synthesized.isSynthesized)
        XCTAssertFalse(fields[0].name.range.isSynthesized)
    }

    func testDefinitionRangesCoverTheirText() throws {
        let text = "\"d\" type A { f: Int }  extend type A @x  query { g }"
        let document = try GraphQLTesting.parse(text)
        let bytes = Array(text.utf8)
        let slices = document.definitions.map { definition -> String in
            let range = definition.range
            return String(decoding: bytes[range.start.offset..<range.end.offset], as: UTF8.self)
        }
        XCTAssertEqual(slices, ["\"d\" type A { f: Int }", "extend type A @x", "query { g }"])
    }

    func testDefinitionsByKind() throws {
        let document = try GraphQLTesting.parse("""
            schema { query: Q }
            type Q { a: Int }
            enum E { X }
            directive @d on FIELD
            extend schema @d
            extend type Q { b: Int }
            query A { a }
            fragment F on Q { a }
            { b }
            """)
        XCTAssertEqual(document.operations.map { $0.name?.value }, ["A", nil])
        XCTAssertEqual(document.fragments.map(\.name.value), ["F"])
    }
}
