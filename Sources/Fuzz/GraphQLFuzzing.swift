import Diagnostics
import GraphQL

/// The `graphql` target: lexes and parses the input as a GraphQL document.
enum GraphQLFuzzing {
    static func run(_ bytes: [UInt8]) {
        do {
            _ = try Parser.parseDocument(SourceFile(path: "fuzz.gql", bytes: bytes))
        } catch let error as DiagnosticError {
            FuzzTarget.render(error.diagnostics)
        } catch {
            fatalError("the parser threw something other than a DiagnosticError: \(error)")
        }
    }
}
