import Diagnostics
import GraphQL
import Schema
import Validation

/// Validates every connector's operations and lowers them to the typed IR.
public enum IRBuilder {
    /// The files of one connector.
    public struct ConnectorSource: Sendable {
        /// The `connectorId` of connector.yaml.
        public var id: String
        /// Every parsed `.gql` file of the connector, in path order.
        public var documents: [Document]

        public init(id: String, documents: [Document]) {
            self.id = id
            self.documents = documents
        }
    }

    /// Validates and lowers `connectors` against `schema`.
    ///
    /// Every operation with a name appears in the IR, even one with errors (its diagnostics say
    /// so and fields that could not be resolved are left out), so that `validate --json` can show
    /// everything at once. The returned diagnostics are all of them, sorted by file and position.
    public static func build(connectors: [ConnectorSource], schema: Schema) -> (IR, [Diagnostic]) {
        var all = DiagnosticCollector()
        var result = IR()
        for connector in connectors {
            let diagnostics = Validator.validate(connector.documents, schema: schema)
            all.append(contentsOf: diagnostics)
            result.connectors.append(lower(connector, diagnostics: diagnostics, schema: schema))
        }
        let catalog = TypeCatalog(schema: schema, connectors: result.connectors)
        result.enums = catalog.enums
        result.keyTypes = catalog.keyTypes
        result.inputTypes = catalog.inputTypes
        return (result, all.sorted)
    }

    /// Convenience for `(id, documents)` pairs.
    public static func build(connectors: [(id: String, files: [Document])], schema: Schema) -> (IR, [Diagnostic]) {
        build(connectors: connectors.map { ConnectorSource(id: $0.id, documents: $0.files) }, schema: schema)
    }

    private static func lower(_ connector: ConnectorSource, diagnostics: [Diagnostic], schema: Schema) -> IRConnector {
        var fragments: [String: (FragmentDefinition, SourceFile)] = [:]
        for document in connector.documents {
            for case .fragment(let fragment) in document.definitions where fragments[fragment.name.value] == nil {
                fragments[fragment.name.value] = (fragment, document.source)
            }
        }
        let lowering = SelectionLowering(schema: schema, fragments: fragments)
        var operations: [IROperation] = []
        var unclaimed = diagnostics
        for document in connector.documents {
            for case .operation(let operation) in document.definitions {
                guard let name = operation.name?.value else { continue }
                let file = document.source
                let inside = unclaimed.filter { contains(operation, file, $0) }
                unclaimed.removeAll { contains(operation, file, $0) }
                operations.append(OperationLowering.lower(
                    operation, name: name, file: file, lowering: lowering, diagnostics: inside))
            }
        }
        return IRConnector(id: connector.id, operations: operations, diagnostics: unclaimed)
    }

    private static func contains(_ operation: OperationDefinition, _ file: SourceFile, _ diagnostic: Diagnostic) -> Bool {
        guard let span = diagnostic.span, span.file === file, let range = span.range else { return false }
        return range.start.offset >= operation.range.start.offset && range.start.offset < operation.range.end.offset
    }
}
