import Diagnostics

/// One fuzzed entry point of sdkgen: it takes arbitrary bytes as one input file and must return,
/// whatever they are, without crashing, hanging or leaking. Diagnostics are rendered as the CLI
/// renders them, so that excerpts and carets of hostile text are exercised too.
enum FuzzTarget: String, CaseIterable {
    /// The GraphQL lexer and parser on a `.gql` file.
    case graphql
    /// The YAML reader on a `.yaml` file.
    case yaml
    /// Parsing and schema synthesis of a schema file.
    case schema
    /// Every stage, load to rendered Swift, on the operation file of a fixed small project.
    case pipeline

    /// Runs the input through the target.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .graphql: GraphQLFuzzing.run(bytes)
        case .yaml: YAMLFuzzing.run(bytes)
        case .schema: SchemaFuzzing.run(bytes)
        case .pipeline: PipelineFuzzing.run(bytes)
        }
    }

    /// What `read` returns, or nil after rendering its diagnostics; any other error than a
    /// `DiagnosticError` is a failure of `reader`'s contract and stops the fuzzer.
    static func reading<Value>(by reader: String, _ read: () throws -> Value) -> Value? {
        do {
            return try read()
        } catch let error as DiagnosticError {
            render(error.diagnostics)
            return nil
        } catch {
            fatalError("\(reader) threw something other than a DiagnosticError: \(error)")
        }
    }

    /// Renders every diagnostic, as `sdkgen` prints them.
    static func render(_ diagnostics: [Diagnostic]) {
        let renderer = DiagnosticRenderer()
        for diagnostic in diagnostics { _ = renderer.render(diagnostic) }
    }
}
