import Diagnostics
import GraphQL
import Parallel
import Schema

/// Lowers validated connectors to the typed IR.
public enum IRBuilder {
    /// The files of one connector with validation's findings: lowering's input.
    public struct ConnectorSource: Sendable {
        /// The `connectorId` of connector.yaml.
        public var id: String
        /// Where connector.yaml writes it.
        public var idSpan: SourceSpan?
        /// Every parsed `.gql` file of the connector, in path order.
        public var documents: [Document]
        /// What validation found in `documents`, sorted by file and position.
        public var diagnostics: [Diagnostic]

        public init(id: String, idSpan: SourceSpan? = nil, documents: [Document], diagnostics: [Diagnostic]) {
            self.id = id
            self.idSpan = idSpan
            self.documents = documents
            self.diagnostics = diagnostics
        }
    }

    /// Lowers `connectors` against `schema`, which validated them; it cannot fail.
    ///
    /// Every operation with a name appears in the IR, even one with errors (it carries them, and
    /// fields that could not be resolved are left out), so that `validate --json` can show
    /// everything at once.
    public static func lower(_ connectors: [ConnectorSource], schema: Schema, serviceId: String = "", location: String? = nil) -> IR {
        let catalog = TypeCatalog(schema: schema)
        return IR(serviceId: serviceId, location: location, connectors: connectors.map { connector in
            let (operations, rest) = attach(connector.diagnostics, to: lower(connector, schema: schema))
            return IRConnector(id: connector.id, idSpan: connector.idSpan, operations: operations,
                               inputTypes: catalog.inputTypes(of: operations), diagnostics: rest)
        }, enums: catalog.enums, keyTypes: catalog.keyTypes)
    }

    /// The operations of a connector, spread over the processors.
    private static func lower(_ connector: ConnectorSource, schema: Schema) -> [IROperation] {
        let fragments = connector.documents.fragmentsByName
        // Fragments on a cycle or nesting too deep (errors of validation's) are left out.
        let notInlined = FragmentGraph(fragments.mapValues { $0.definition }).notInlined
        let selectionLowering = SelectionLowering(schema: schema, fragments: fragments.filter { !notInlined.contains($0.key) })
        let rows = KeyedRowReader(schema: schema)
        let named = connector.documents.flatMap { document in
            document.operations.compactMap { operation in
                operation.name.map { (definition: operation, name: $0.value, file: document.source) }
            }
        }
        // Several shares per processor: operations differ widely in cost, and files group them by kind.
        return ChunkedWork.map(ChunkedWork.ranges(count: named.count)) { range in
            named[range].map { OperationLowering.lower($0.definition, name: $0.name, file: $0.file, lowering: selectionLowering, rows: rows) }
        }.flatMap { $0 }
    }

    /// Gives each operation the diagnostics inside it, found by binary search (filtering all of them per
    /// operation cost operations × diagnostics); returns the rest, which stay with the connector.
    private static func attach(_ diagnostics: [Diagnostic], to operations: [IROperation]) -> ([IROperation], [Diagnostic]) {
        var operations = operations
        // Positions in `diagnostics` of those with a location, by file, ordered by offset (then position).
        var byFile: [ObjectIdentifier: [(offset: Int, index: Int)]] = [:]
        for (index, diagnostic) in diagnostics.enumerated() {
            guard let span = diagnostic.span, let range = span.range else { continue }
            byFile[ObjectIdentifier(span.file), default: []].append((range.start.offset, index))
        }
        for key in byFile.keys { byFile[key]?.sort { ($0.offset, $0.index) < ($1.offset, $1.index) } }
        var claimed = [Bool](repeating: false, count: diagnostics.count)
        for position in operations.indices {
            let range = operations[position].range
            guard let located = byFile[ObjectIdentifier(operations[position].file)] else { continue }
            var low = 0
            var high = located.count
            while low < high {
                let mid = (low + high) / 2
                if located[mid].offset < range.start.offset { low = mid + 1 } else { high = mid }
            }
            var inside: [Diagnostic] = []
            for (_, index) in located[low...].prefix(while: { $0.offset < range.end.offset }) where !claimed[index] {
                claimed[index] = true
                inside.append(diagnostics[index])
            }
            operations[position].diagnostics = inside
        }
        return (operations, diagnostics.indices.filter { !claimed[$0] }.map { diagnostics[$0] })
    }
}
