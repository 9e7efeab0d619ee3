import Diagnostics
import GraphQL
import GraphQLTestSupport
import XCTest

final class ParserExecutableTests: XCTestCase {
    private func operation(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> OperationDefinition {
        let document = try GraphQLTesting.parse(text, file: file, line: line)
        guard document.definitions.count == 1, case .operation(let operation) = document.definitions[0] else {
            XCTFail("expected one operation", file: file, line: line)
            throw DiagnosticError([])
        }
        return operation
    }

    private func fields(_ set: SelectionSet?) -> [Field] {
        (set?.selections ?? []).compactMap { if case .field(let field) = $0 { field } else { nil } }
    }

    func testShorthandQuery() throws {
        let query = try operation("{ a }")
        XCTAssertEqual(query.operation, .query)
        XCTAssertNil(query.name)
        XCTAssertNil(query.description)
        XCTAssertEqual(fields(query.selectionSet).map(\.name.value), ["a"])
        XCTAssertEqual(query.range.start.offset, 0)
        XCTAssertEqual(query.range.end.offset, 5)
    }

    func testEveryOperationType() throws {
        XCTAssertEqual(try operation("query Q { a }").operation, .query)
        XCTAssertEqual(try operation("mutation M { a }").operation, .mutation)
        XCTAssertEqual(try operation("subscription S { a }").operation, .subscription)
        XCTAssertNil(try operation("mutation { a }").name)
        XCTAssertEqual(try operation("subscription S { a }").name?.value, "S")
    }

    func testVariableDefinitions() throws {
        let query = try operation(#"query Q($a: Int, $b: [String!]! = ["x"] @dir(c: 1), $c: In = {f: null}) { a }"#)
        XCTAssertEqual(query.variableDefinitions.map(\.variable.name.value), ["a", "b", "c"])
        XCTAssertEqual(query.variableDefinitions.map(\.type.description), ["Int", "[String!]!", "In"])
        XCTAssertNil(query.variableDefinitions[0].defaultValue)
        XCTAssertEqual(query.variableDefinitions[1].defaultValue.map(Printer.print), #"["x"]"#)
        XCTAssertEqual(query.variableDefinitions[1].directives.map(\.name.value), ["dir"])
        XCTAssertEqual(query.variableDefinitions[2].defaultValue.map(Printer.print), "{f: null}")
        let variable = query.variableDefinitions[0].variable
        XCTAssertEqual(variable.range.start.column, 9, "the variable's range includes `$`")
        XCTAssertEqual(variable.name.range.start.column, 10)
    }

    func testDescriptionsOnExecutableDefinitions() throws {
        let document = try GraphQLTesting.parse(#"""
            """
            Operation description.
            """
            query Q(
              "Variable description."
              $id: ID!
              """Block"""
              $other: Int
            ) { a }

            "Fragment description."
            fragment F on T { a }
            """#)
        guard case .operation(let query) = document.definitions[0], case .fragment(let fragment) = document.definitions[1] else {
            return XCTFail("unexpected definitions")
        }
        XCTAssertEqual(query.description?.value, "Operation description.")
        XCTAssertEqual(query.description?.isBlockString, true)
        XCTAssertEqual(query.description?.range.start.line, 1)
        XCTAssertEqual(query.range.start.line, 1, "an operation's range starts at its description")
        XCTAssertEqual(query.variableDefinitions[0].description?.value, "Variable description.")
        XCTAssertEqual(query.variableDefinitions[0].description?.isBlockString, false)
        XCTAssertEqual(query.variableDefinitions[1].description?.isBlockString, true)
        XCTAssertEqual(query.variableDefinitions[0].range.start.line, 5)
        XCTAssertEqual(fragment.description?.value, "Fragment description.")
    }

    func testFieldsAliasesArgumentsDirectivesAndNesting() throws {
        let query = try operation("""
            {
              smallPic: profilePic(size: 64, crop: true) @include(if: $big) @skip(if: false)
              user(id: 4) { friends(first: 10) { name } }
              plain
            }
            """)
        let top = fields(query.selectionSet)
        XCTAssertEqual(top.map(\.responseKey), ["smallPic", "user", "plain"])
        XCTAssertEqual(top[0].alias?.value, "smallPic")
        XCTAssertEqual(top[0].name.value, "profilePic")
        XCTAssertEqual(top[0].arguments.map(\.name.value), ["size", "crop"])
        XCTAssertEqual(top[0].directives.map(\.name.value), ["include", "skip"])
        XCTAssertEqual(top[0].directives[0].arguments.first.map { Printer.print($0.value) }, "$big")
        XCTAssertNil(top[0].selectionSet)
        XCTAssertEqual(fields(fields(top[1].selectionSet).first?.selectionSet).map(\.name.value), ["name"])
        XCTAssertEqual(top[0].range.start, SourceLocation(offset: 4, line: 2, column: 3))
        XCTAssertEqual(top[0].range.end.column, 81)
    }

    func testFragmentsAndInlineFragments() throws {
        let document = try GraphQLTesting.parse("""
            query { ...F @d ... on User { id } ... @include(if: true) { name } ... { x } }
            fragment F on User @dir { id }
            """)
        guard case .operation(let query) = document.definitions[0], case .fragment(let fragment) = document.definitions[1] else {
            return XCTFail("unexpected definitions")
        }
        let selections = query.selectionSet.selections
        XCTAssertEqual(selections.count, 4)
        guard case .fragmentSpread(let spread) = selections[0], case .inlineFragment(let onUser) = selections[1],
              case .inlineFragment(let withDirective) = selections[2], case .inlineFragment(let bare) = selections[3] else {
            return XCTFail("unexpected selections")
        }
        XCTAssertEqual(spread.name.value, "F")
        XCTAssertEqual(spread.directives.map(\.name.value), ["d"])
        XCTAssertEqual(onUser.typeCondition?.name.value, "User")
        XCTAssertNil(withDirective.typeCondition)
        XCTAssertEqual(withDirective.directives.map(\.name.value), ["include"])
        XCTAssertNil(bare.typeCondition)
        XCTAssertTrue(bare.directives.isEmpty)
        XCTAssertEqual(fragment.name.value, "F")
        XCTAssertEqual(fragment.typeCondition.name.value, "User")
        XCTAssertEqual(fragment.directives.map(\.name.value), ["dir"])
    }

    func testKeywordsAreOrdinaryNamesElsewhere() throws {
        let query = try operation("query query { on fragment query: mutation(subscription: true) ... on on { b } }")
        XCTAssertEqual(query.name?.value, "query")
        XCTAssertEqual(query.selectionSet.selections.count, 4)
        let document = try GraphQLTesting.parse("fragment fragment on on { on }")
        guard case .fragment(let fragment) = document.definitions[0] else { return XCTFail("expected a fragment") }
        XCTAssertEqual(fragment.name.value, "fragment")
        XCTAssertEqual(fragment.typeCondition.name.value, "on")
    }

    func testEveryValueKind() throws {
        let query = try operation(#"""
            { f(a: $v, b: -1, c: 1.5e3, d: "s\n", e: """block""", f: true, g: false, h: null, i: ENUM, j: [1, [2]], k: {x: {y: 1}}, l: [], m: {}) }
            """#)
        let arguments = try XCTUnwrap(fields(query.selectionSet).first?.arguments)
        let values = arguments.map(\.value)
        XCTAssertEqual(values.count, 13)
        guard case .variable(let variable) = values[0], case .int(let int) = values[1], case .float(let float) = values[2],
              case .string(let string) = values[3], case .string(let block) = values[4], case .boolean(let yes) = values[5],
              case .boolean(let no) = values[6], case .null = values[7], case .enumValue(let enumValue) = values[8],
              case .list(let list) = values[9], case .object(let object) = values[10], case .list(let emptyList) = values[11],
              case .object(let emptyObject) = values[12] else {
            return XCTFail("unexpected value kinds: \(values)")
        }
        XCTAssertEqual(variable.name.value, "v")
        XCTAssertEqual(int.text, "-1")
        XCTAssertEqual(float.text, "1.5e3")
        XCTAssertEqual(string, StringValue("s\n", isBlockString: false, range: string.range))
        XCTAssertEqual(block.value, "block")
        XCTAssertTrue(block.isBlockString)
        XCTAssertTrue(yes.value)
        XCTAssertFalse(no.value)
        XCTAssertEqual(enumValue.value, "ENUM")
        XCTAssertEqual(list.values.count, 2)
        XCTAssertEqual(object.fields.first?.name.value, "x")
        XCTAssertTrue(emptyList.values.isEmpty)
        XCTAssertTrue(emptyObject.fields.isEmpty)
        XCTAssertEqual(values[9].range.start.column, values[9].range.end.column - 8, "`[1, [2]]` is 8 columns wide")
    }

    func testParseValueAndParseType() throws {
        let value = try Parser.parseValue(GraphQLTesting.source(#"{list: [1, "two", $three], nested: {deep: null}}"#))
        XCTAssertEqual(Printer.print(value), #"{list: [1, "two", $three], nested: {deep: null}}"#)
        let type = try Parser.parseType(GraphQLTesting.source(" [[Movie!]]! "))
        XCTAssertEqual(type.description, "[[Movie!]]!")
        XCTAssertEqual(type.namedType.name.value, "Movie")
        XCTAssertEqual(type.range.start.column, 2)
        XCTAssertEqual(type.range.end.column, 13)
    }

    func testMultipleDefinitionsAndDocumentRange() throws {
        let text = "query A { a }\nmutation B { b }\n{ c }\nfragment D on T { d }\n"
        let document = try GraphQLTesting.parse(text)
        XCTAssertEqual(document.definitions.count, 4)
        XCTAssertTrue(document.definitions.allSatisfy(\.isExecutable))
        XCTAssertEqual(document.range.start.offset, 0)
        XCTAssertEqual(document.range.end.offset, text.utf8.count)
        XCTAssertEqual(document.definitions[2].range.start.line, 3)
    }

    func testEmptyDocuments() throws {
        XCTAssertTrue(try GraphQLTesting.parse("").definitions.isEmpty)
        XCTAssertTrue(try GraphQLTesting.parse("# everything commented out\n# query { a }\n").definitions.isEmpty)
    }
}
