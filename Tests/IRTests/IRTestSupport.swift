import TestSupport
import Diagnostics
import GraphQL
import IR
import Schema
import Validation
import XCTest

/// A small synthesized schema and helpers to lower operation text.
enum IRFixture {
    static let sdl = """
    enum Genre { ACTION DRAMA }
    type Movie @table { "The title shown in lists." title: String!  genre: Genre  rating: Float }
    type Actor @table { name: String! }
    type MovieActor @table(key: ["movie", "actor"]) { movie: Movie!  actor: Actor!  role: String }
    """

    static let schema: Schema = {
        let document = try? Parser.parseDocument(SourceFile(path: "/project/schema/schema.gql", text: sdl))
        return collecting { SchemaBuilder.build(userSchema: document.map { [$0] } ?? [], diagnostics: &$0) }.0 ?? Schema()
    }()

    static func build(_ texts: [String]) throws -> (IR, [Diagnostic]) {
        let documents = try texts.enumerated().map { index, text in
            try Parser.parseDocument(SourceFile(path: "/project/connector/file\(index).gql", text: text))
        }
        return lower(documents, schema: schema)
    }

    /// Validation, then lowering, as the pipeline runs them: the IR and validation's diagnostics.
    static func lower(_ documents: [Document], schema: Schema) -> (IR, [Diagnostic]) {
        let diagnostics = Validator.validate(documents, schema: schema)
        return (IRBuilder.lower([IRBuilder.ConnectorSource(id: "movies", documents: documents, diagnostics: diagnostics)], schema: schema),
                diagnostics)
    }

    static func operation(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> IROperation {
        let (ir, _) = try build([text])
        return try XCTUnwrap(ir.connectors.first?.operations.first, file: file, line: line)
    }
}
