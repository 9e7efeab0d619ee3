import Diagnostics
import GraphQL

/// The `graphql` target: lexes and parses the input as a GraphQL document.
enum GraphQLFuzzing {
    static func run(_ bytes: [UInt8]) {
        _ = FuzzTarget.reading(by: "the parser") { try Parser.parseDocument(SourceFile(path: "fuzz.gql", bytes: bytes)) }
    }
}
