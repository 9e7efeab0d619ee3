import Diagnostics
import GraphQL
import Schema

/// The `schema` target: parses the input as the one file of a user schema and synthesizes the
/// schema Data Connect builds from it.
enum SchemaFuzzing {
    static func run(_ bytes: [UInt8]) {
        let document: Document
        do {
            document = try Parser.parseDocument(SourceFile(path: "schema.gql", bytes: bytes))
        } catch let error as DiagnosticError {
            return FuzzTarget.render(error.diagnostics)
        } catch {
            fatalError("the parser threw something other than a DiagnosticError: \(error)")
        }
        let (_, diagnostics) = SchemaBuilder.build(userSchema: [document])
        FuzzTarget.render(diagnostics)
    }
}
