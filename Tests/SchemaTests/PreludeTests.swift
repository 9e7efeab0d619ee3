import SchemaTestSupport
import XCTest
@testable import Schema

final class PreludeTests: XCTestCase {
    private let prelude = Prelude.schema

    /// Every type named by a field, argument, input field or directive argument is defined.
    func testEveryReferencedTypeExists() {
        var missing: [String] = []
        func check(_ type: TypeRef, _ context: String) {
            if prelude.type(named: type.namedType) == nil { missing.append("\(context): \(type)") }
        }
        for type in prelude.allTypes {
            for field in type.fields {
                check(field.type, "\(type.name).\(field.name)")
                for argument in field.arguments { check(argument.type, "\(type.name).\(field.name)(\(argument.name))") }
            }
            for field in type.inputFields { check(field.type, "\(type.name).\(field.name)") }
        }
        for directive in prelude.directives.values {
            for argument in directive.arguments { check(argument.type, "@\(directive.name)(\(argument.name))") }
        }
        XCTAssertEqual(missing, [])
    }

    /// Every applied directive is declared and allowed where it is used.
    func testAppliedDirectivesAreDeclared() {
        for type in prelude.allTypes {
            let uses = type.directives + type.inputFields.flatMap(\.directives)
            for use in uses { XCTAssertNotNil(prelude.directive(named: use.name), "@\(use.name) on \(type.name)") }
        }
    }

    func testUserFacingDirectiveSignatures() throws {
        let table = try XCTUnwrap(prelude.directive(named: "table"))
        XCTAssertEqual(table.arguments.map { "\($0.name): \($0.type)" },
                       ["name: String", "singular: String", "plural: String", "key: [String!]"])
        XCTAssertEqual(table.locations, [.object])
        let check = try XCTUnwrap(prelude.directive(named: "check"))
        XCTAssertTrue(check.isRepeatable)
        XCTAssertEqual(check.argument(named: "expr")?.defaultValue, .string("!(this in [null, []])"))
        XCTAssertEqual(check.argument(named: "message")?.defaultValue, .string("permission denied"))
        let unique = try XCTUnwrap(prelude.directive(named: "unique"))
        XCTAssertEqual(unique.locations, [.fieldDefinition, .object])
        XCTAssertEqual(prelude.directive(named: "allow")?.argument(named: "maxCount")?.defaultValue, .int("100"))
        XCTAssertEqual(prelude.directive(named: "refresh")?.argument(named: "onMutationExecuted")?.type.description,
                       "[OnMutationExecuted_Event!]")
        XCTAssertEqual(prelude.directive(named: "searchable")?.argument(named: "language")?.defaultValue, .string("english"))
        for name in ["auth", "transaction", "col", "default", "ref", "index", "view", "redact", "retired", "fdc_oneOf"] {
            XCTAssertNotNil(prelude.directive(named: name), name)
        }
    }

    func testScalarFilters() throws {
        let string = try XCTUnwrap(prelude.type(named: "String_Filter"))
        XCTAssertEqual(string.inputFields.map(\.name), [
            "isNull", "eq", "eq_expr", "ne", "ne_expr", "in", "nin", "gt", "ge", "lt", "le",
            "contains", "startsWith", "endsWith", "pattern",
        ])
        let timestamp = try XCTUnwrap(prelude.type(named: "Timestamp_Filter"))
        XCTAssertEqual(timestamp.inputField(named: "ge_time")?.type, .named("Timestamp_Relative"))
        XCTAssertEqual(timestamp.inputField(named: "ge_time")?.directives.first?.argument("group"), .string("ge"))
        let vector = try XCTUnwrap(prelude.type(named: "Vector_Filter"))
        XCTAssertEqual(Set(vector.inputFields.map(\.name)), ["eq", "ne", "in", "nin", "isNull"])
        XCTAssertNil(prelude.type(named: "UUID_Filter")?.inputField(named: "gt"))
        XCTAssertNotNil(prelude.type(named: "Date_ListFilter")?.inputField(named: "includes_date"))
        XCTAssertNil(prelude.type(named: "String_ListFilter")?.inputField(named: "includes_expr"))
    }

    func testUpdatesAndSystemTypes() {
        XCTAssertEqual(prelude.type(named: "Date_Update")?.inputField(named: "inc")?.type, .named("Date_Duration"))
        XCTAssertNil(prelude.type(named: "String_Update"))
        XCTAssertNil(prelude.type(named: "Vector_ListUpdate"))
        XCTAssertEqual(prelude.type(named: "Any_ListUpdate")?.inputFields.map(\.name), ["append", "prepend", "add", "remove"])
        XCTAssertEqual(prelude.type(named: "Timestamp_Duration")?.inputField(named: "years")?.defaultValue, .int("0"))
        XCTAssertEqual(prelude.field("_selectFirst", on: "Query")?.type, .named("Any"))
        XCTAssertEqual(prelude.field("query", on: "Mutation")?.type, .named("Query"))
        XCTAssertEqual(prelude.type(named: "_Metadata")?.fields.map(\.name), ["distance", "relevance"])
        XCTAssertTrue(prelude.type(named: "Int64_Expr")?.hasDirective("fdc_forbiddenAsVariableType") ?? false)
    }

    func testTypeKindQueries() {
        XCTAssertTrue(prelude.isCompositeType("Query"))
        XCTAssertFalse(prelude.isCompositeType("OrderDirection"))
        XCTAssertFalse(prelude.isCompositeType("Nope"))
    }

    func testTypeNotation() {
        XCTAssertEqual(PreludeDSL.type("[String!]!"), .nonNull(.list(.nonNull(.named("String")))))
        XCTAssertEqual(PreludeDSL.type("[[Int]!]").description, "[[Int]!]")
        XCTAssertEqual(PreludeDSL.type("Boolean"), .named("Boolean"))
    }

    func testConstValuePrinting() {
        XCTAssertEqual(ConstValue.object([.init(name: "gt", value: 0)]).description, "{gt: 0}")
        XCTAssertEqual(ConstValue.string("a\"b\n").description, "\"a\\\"b\\n\"")
        XCTAssertEqual(ConstValue.list(["a", .enumValue("B")]).description, "[\"a\", B]")
        XCTAssertEqual(ConstValue.string("x").stringList, ["x"])
        XCTAssertNil(ConstValue.list([1]).stringList)
    }
}
