import Diagnostics
import GraphQL
import Schema

/// The `schema` target: parses the input as the one file of a user schema and synthesizes the
/// schema Data Connect builds from it.
enum SchemaFuzzing {
    static func run(_ bytes: [UInt8]) {
        guard let document = FuzzTarget.reading(by: "the parser", { try Parser.parseDocument(SourceFile(path: "schema.gql", bytes: bytes)) })
        else { return }
        var diagnostics = DiagnosticCollector()
        _ = SchemaBuilder.build(userSchema: [document], diagnostics: &diagnostics)
        FuzzTarget.render(diagnostics.diagnostics)
    }
}
