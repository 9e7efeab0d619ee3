import Diagnostics
import GraphQL
import SchemaTestSupport
import XCTest
@testable import Schema

final class SDLRendererTests: XCTestCase {
    private let userSchema = """
        enum Genre { FICTION POETRY }
        type Library @table { name: String!  city: String }
        type Author @table(key: "penName") { penName: String!  mentor: Author }
        type Book @table(key: ["library", "isbn"]) {
          library: Library!  isbn: String!  title: String! @searchable  genre: Genre  embedding: Vector @col(size: 3)
        }
        type BookAuthor @table(key: ["book", "author"]) { book: Book!  author: Author! }
        type Stat @view(sql: "SELECT 1") { total: Int  library: Library @unique }
        """

    private func render() throws -> (Schema, [String: String]) {
        let schema = try Synthesize.schema(userSchema)
        return (schema, SDLRenderer.render(schema))
    }

    func testLayoutAndDeterminism() throws {
        let (schema, files) = try render()
        XCTAssertEqual(files.keys.sorted(), ["main/implicit.gql", "main/input.gql", "main/mutation.gql", "main/query.gql",
                                             "main/relation.gql", "prelude.gql"])
        XCTAssertEqual(SDLRenderer.render(schema), files)
        let implicit = try XCTUnwrap(files["main/implicit.gql"])
        XCTAssertTrue(implicit.contains("extend type Library {"))
        XCTAssertTrue(implicit.contains(#"id: UUID! @default(expr: "uuidV4()") @fdc_generated(from: "Library", purpose: IMPLICIT_KEY_FIELD)"#))
        XCTAssertFalse(implicit.contains("extend type Stat {\n  \"\"\"The primary key"))
        XCTAssertTrue(try XCTUnwrap(files["main/input.gql"]).contains("scalar Book_KeyOutput"))
        XCTAssertTrue(try XCTUnwrap(files["main/relation.gql"]).contains("extend type Stat {"))
        XCTAssertFalse(try XCTUnwrap(files["prelude.gql"]).contains("books_search"))
        XCTAssertFalse(try XCTUnwrap(files["prelude.gql"]).contains("scalar String\n"))
        XCTAssertTrue(try XCTUnwrap(files["prelude.gql"]).contains("type _Service {"))
    }

    /// Prelude + user schema + generated files parse, load without conflicts, name only existing
    /// types and directives, and describe exactly the synthesized schema.
    func testRenderedFilesFormTheSchema() throws {
        let (schema, files) = try render()
        var documents = try files.keys.sorted().map { path in
            try Parser.parseDocument(SourceFile(path: path, text: files[path] ?? ""))
        }
        documents.append(try Parser.parseDocument(SourceFile(path: "schema.gql", text: userSchema)))
        var loaded = Schema()
        for scalar in BuiltinName.graphQLScalars { loaded.add(SchemaType(kind: .scalar, name: scalar)) }
        let diagnostics = SDLSchemaLoader.load(documents, into: &loaded)
        XCTAssertEqual(diagnostics.map(\.description), [])
        var missing: [String] = []
        func check(_ name: String, _ context: String) {
            if loaded.type(named: name) == nil { missing.append("\(context) → \(name)") }
        }
        func checkDirectives(_ uses: [DirectiveUse], _ context: String) {
            for use in uses where loaded.directive(named: use.name) == nil && !BuiltinName.graphQLDirectives.contains(use.name) {
                missing.append("\(context) → @\(use.name)")
            }
        }
        for type in loaded.allTypes {
            checkDirectives(type.directives, type.name)
            for field in type.fields {
                check(field.type.namedType, "\(type.name).\(field.name)")
                checkDirectives(field.directives, "\(type.name).\(field.name)")
                for argument in field.arguments { check(argument.type.namedType, "\(type.name).\(field.name)(\(argument.name))") }
            }
            for field in type.inputFields {
                check(field.type.namedType, "\(type.name).\(field.name)")
                checkDirectives(field.directives, "\(type.name).\(field.name)")
            }
        }
        for directive in loaded.directives.values {
            for argument in directive.arguments { check(argument.type.namedType, "@\(directive.name)(\(argument.name))") }
        }
        XCTAssertEqual(missing, [])
        let graphQLDirectives = Set(BuiltinName.graphQLDirectives.map { "@" + $0 })
        let forward = SchemaComparison(reference: schema, candidate: loaded).differences.filter { !graphQLDirectives.contains($0.typeName) }
        XCTAssertEqual(forward.map(\.description), [])
        XCTAssertEqual(SchemaComparison(reference: loaded, candidate: schema).differences.map(\.description), [])
    }

    func testDescriptionsAndDefaultsArePrinted() throws {
        let (_, files) = try render()
        let prelude = try XCTUnwrap(files["prelude.gql"])
        XCTAssertTrue(prelude.contains(#"expr: Boolean_Expr! = "!(this in [null, []])""#))
        XCTAssertTrue(prelude.contains("directive @check("))
        XCTAssertTrue(prelude.contains(") repeatable on QUERY | MUTATION | FIELD | FRAGMENT_DEFINITION | FRAGMENT_SPREAD | INLINE_FRAGMENT"))
        XCTAssertTrue(prelude.contains("\"\"\"Sort order of a result column.\"\"\""))
        let input = try XCTUnwrap(files["main/input.gql"])
        XCTAssertTrue(input.contains("count: Int_Filter = {gt: 0}"))
    }

    func testBlockStringEscaping() {
        var writer = SDLWriter()
        writer.description("say \"\"\"hi\"\"\"\nagain", indent: 1)
        XCTAssertEqual(writer.text, "  \"\"\"\n  say \\\"\"\"hi\\\"\"\"\n  again\n  \"\"\"\n")
    }
}
