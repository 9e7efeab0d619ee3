import Diagnostics
import GraphQL
import Schema

/// The `schema` target: parses the input as the one file of a user schema and synthesizes the
/// schema Data Connect builds from it.
enum SchemaFuzzing {
    static func run(_ bytes: [UInt8]) {
        guard let document = FuzzTarget.reading(by: "the parser", { try Parser.parseDocument(SourceFile(path: "schema.gql", bytes: bytes)) })
        else { return }
        let (_, diagnostics) = SchemaBuilder.build(userSchema: [document])
        FuzzTarget.render(diagnostics)
    }
}
