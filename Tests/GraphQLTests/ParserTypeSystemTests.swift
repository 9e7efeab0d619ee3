import Diagnostics
import GraphQL
import GraphQLTestSupport
import XCTest

final class ParserTypeSystemTests: XCTestCase {
    private func definition(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Definition {
        let document = try GraphQLTesting.parse(text, file: file, line: line)
        XCTAssertEqual(document.definitions.count, 1, file: file, line: line)
        return try XCTUnwrap(document.definitions.first, file: file, line: line)
    }

    func testSchemaDefinition() throws {
        guard case .schema(let schema) = try definition(#""The schema." schema @dir { query: Q mutation: M subscription: S }"#) else {
            return XCTFail("expected a schema definition")
        }
        XCTAssertEqual(schema.description?.value, "The schema.")
        XCTAssertEqual(schema.directives.map(\.name.value), ["dir"])
        XCTAssertEqual(schema.operationTypes.map(\.operation), [.query, .mutation, .subscription])
        XCTAssertEqual(schema.operationTypes.map(\.type.name.value), ["Q", "M", "S"])
    }

    func testScalar() throws {
        guard case .type(let scalar) = try definition(#"scalar UUID @specifiedBy(url: "https://x")"#), scalar.kind == .scalar else {
            return XCTFail("expected a scalar")
        }
        XCTAssertEqual(scalar.name.value, "UUID")
        XCTAssertEqual(scalar.directives.first?.arguments.first?.name.value, "url")
    }

    func testObjectWithFieldsArgumentsAndInterfaces() throws {
        let text = #"""
            """
            A movie.
            """
            type Movie implements & Node & Entity @table(name: "movies") {
              "The id."
              id: ID!
              title(locale: String = "en" @deprecated, "Upper?" upper: Boolean): String @col
              tags: [String!]
            }
            """#
        guard case .type(let movie) = try definition(text), movie.kind == .object else { return XCTFail("expected an object type") }
        XCTAssertEqual(movie.description?.value, "A movie.")
        XCTAssertEqual(movie.description?.isBlockString, true)
        XCTAssertEqual(movie.name.value, "Movie")
        XCTAssertEqual(movie.interfaces.map(\.name.value), ["Node", "Entity"])
        XCTAssertEqual(movie.directives.map(\.name.value), ["table"])
        XCTAssertEqual(movie.fields.map(\.name.value), ["id", "title", "tags"])
        XCTAssertEqual(movie.fields.map(\.type.description), ["ID!", "String", "[String!]"])
        XCTAssertEqual(movie.fields[0].description?.value, "The id.")
        let arguments = movie.fields[1].arguments
        XCTAssertEqual(arguments.map(\.name.value), ["locale", "upper"])
        XCTAssertEqual(arguments[0].defaultValue.map(Printer.print), #""en""#)
        XCTAssertEqual(arguments[0].directives.map(\.name.value), ["deprecated"])
        XCTAssertEqual(arguments[1].description?.value, "Upper?")
        XCTAssertEqual(movie.fields[1].directives.map(\.name.value), ["col"])
        XCTAssertEqual(movie.range.start.line, 1)
        XCTAssertEqual(movie.range.end.line, 9)
        XCTAssertEqual(movie.fields[0].range.start.line, 5, "a field's range starts at its description")
    }

    func testObjectWithoutFields() throws {
        guard case .type(let empty) = try definition("type Empty"), empty.kind == .object else { return XCTFail("expected an object type") }
        XCTAssertTrue(empty.fields.isEmpty)
    }

    func testInterfaceImplementingInterfaces() throws {
        guard case .type(let node) = try definition("interface Resource implements Node & Named { id: ID! }"), node.kind == .interface else {
            return XCTFail("expected an interface")
        }
        XCTAssertEqual(node.interfaces.map(\.name.value), ["Node", "Named"])
        XCTAssertEqual(node.fields.map(\.name.value), ["id"])
    }

    func testUnion() throws {
        guard case .type(let union) = try definition("union Result @d = | Movie | Actor"), union.kind == .union else {
            return XCTFail("expected a union")
        }
        XCTAssertEqual(union.types.map(\.name.value), ["Movie", "Actor"])
        XCTAssertEqual(union.directives.map(\.name.value), ["d"])
        guard case .type(let bare) = try definition("union Nothing"), bare.kind == .union else { return XCTFail("expected a union") }
        XCTAssertTrue(bare.types.isEmpty)
    }

    func testEnum() throws {
        guard case .type(let genre) = try definition(#"enum Genre { "Action!" ACTION DRAMA @deprecated(reason: "x") }"#), genre.kind == .enumType else {
            return XCTFail("expected an enum")
        }
        XCTAssertEqual(genre.values.map(\.name.value), ["ACTION", "DRAMA"])
        XCTAssertEqual(genre.values[0].description?.value, "Action!")
        XCTAssertEqual(genre.values[1].directives.map(\.name.value), ["deprecated"])
    }

    func testInputObject() throws {
        guard case .type(let input) = try definition("input Filter @oneOf { a: Int = 1, b: [ID!] = [\"x\"] @d }"), input.kind == .inputObject else {
            return XCTFail("expected an input object")
        }
        XCTAssertEqual(input.inputFields.map(\.name.value), ["a", "b"])
        XCTAssertEqual(input.inputFields.map { $0.defaultValue.map(Printer.print) }, ["1", #"["x"]"#])
        XCTAssertEqual(input.directives.map(\.name.value), ["oneOf"])
    }

    func testDirectiveDefinition() throws {
        guard case .directive(let directive) = try definition(#""Doc." directive @auth(level: Level = PUBLIC) repeatable on | QUERY | FIELD_DEFINITION"#) else {
            return XCTFail("expected a directive definition")
        }
        XCTAssertEqual(directive.description?.value, "Doc.")
        XCTAssertEqual(directive.name.value, "auth")
        XCTAssertEqual(directive.arguments.map(\.name.value), ["level"])
        XCTAssertTrue(directive.isRepeatable)
        XCTAssertEqual(directive.locations.map(\.value), ["QUERY", "FIELD_DEFINITION"])
        guard case .directive(let plain) = try definition("directive @skip(if: Boolean!) on FIELD | FRAGMENT_SPREAD") else {
            return XCTFail("expected a directive definition")
        }
        XCTAssertFalse(plain.isRepeatable)
    }

    func testEveryDirectiveLocationIsAccepted() throws {
        let locations = DirectiveLocation.allCases.map(\.rawValue)
        XCTAssertEqual(locations.count, 19)
        guard case .directive(let directive) = try definition("directive @all on " + locations.joined(separator: " | ")) else {
            return XCTFail("expected a directive definition")
        }
        XCTAssertEqual(directive.locations.compactMap { DirectiveLocation(rawValue: $0.value) }, DirectiveLocation.allCases)
    }

    func testEveryExtension() throws {
        let document = try GraphQLTesting.parse("""
            extend schema @d { mutation: M }
            extend schema @only
            extend scalar S @d
            extend type T implements I @d { f: Int }
            extend type U implements I
            extend interface I implements J { g: Int }
            extend union Un = A | B
            extend enum E @d { NEW }
            extend input In { added: Int }
            """)
        XCTAssertEqual(document.definitions.count, 9)
        guard case .schemaExtension(let schema) = document.definitions[0], case .schemaExtension(let only) = document.definitions[1],
              case .typeExtension(let scalar) = document.definitions[2], scalar.kind == .scalar,
              case .typeExtension(let object) = document.definitions[3], object.kind == .object,
              case .typeExtension(let interfacesOnly) = document.definitions[4], interfacesOnly.kind == .object,
              case .typeExtension(let interface) = document.definitions[5], interface.kind == .interface,
              case .typeExtension(let union) = document.definitions[6], union.kind == .union,
              case .typeExtension(let enumType) = document.definitions[7], enumType.kind == .enumType,
              case .typeExtension(let input) = document.definitions[8], input.kind == .inputObject else {
            return XCTFail("unexpected definitions: \(document.definitions)")
        }
        XCTAssertEqual(schema.operationTypes.first?.operation, .mutation)
        XCTAssertEqual(only.directives.map(\.name.value), ["only"])
        XCTAssertEqual(scalar.name.value, "S")
        XCTAssertEqual(object.fields.map(\.name.value), ["f"])
        XCTAssertEqual(interfacesOnly.interfaces.map(\.name.value), ["I"])
        XCTAssertEqual(interface.interfaces.map(\.name.value), ["J"])
        XCTAssertEqual(union.types.map(\.name.value), ["A", "B"])
        XCTAssertEqual(enumType.values.map(\.name.value), ["NEW"])
        XCTAssertEqual(input.inputFields.map(\.name.value), ["added"])
        XCTAssertEqual(document.definitions[6].range.start.line, 7)
        XCTAssertFalse(document.definitions.contains(where: \.isExecutable))
    }

    func testTypeDefinitionAccessors() throws {
        guard case .type(let type) = try definition(#""D" enum E @x { A }"#) else { return XCTFail("expected a type") }
        XCTAssertEqual(type.name.value, "E")
        XCTAssertEqual(type.description?.value, "D")
        XCTAssertEqual(type.directives.map(\.name.value), ["x"])
        XCTAssertEqual(type.range.start.offset, 0)
    }

    func testMixedDocument() throws {
        let document = try GraphQLTesting.parse("type Query { a: Int } query { a } extend type Query { b: Int }")
        XCTAssertEqual(document.definitions.map(\.isExecutable), [false, true, false])
    }
}
