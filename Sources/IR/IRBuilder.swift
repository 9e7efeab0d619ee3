import Diagnostics
import GraphQL
import Parallel
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
    /// `includingTypes: false` leaves `IR.enums`, `keyTypes` and `inputTypes` empty: only
    /// `validate --json` prints them, and the emitter works them out from the schema itself.
    public static func build(connectors: [ConnectorSource], schema: Schema, includingTypes: Bool = true) -> (IR, [Diagnostic]) {
        var all = DiagnosticCollector()
        var result = IR()
        for connector in connectors {
            let (diagnostics, operations) = validateAndLower(connector, schema: schema)
            all.append(contentsOf: diagnostics)
            result.connectors.append(attach(diagnostics, to: operations, of: connector))
        }
        if includingTypes {
            let catalog = TypeCatalog(schema: schema, connectors: result.connectors)
            result.enums = catalog.enums
            result.keyTypes = catalog.keyTypes
            result.inputTypes = catalog.inputTypes
        }
        return (result, all.sorted)
    }

    /// Convenience for `(id, documents)` pairs.
    public static func build(connectors: [(id: String, files: [Document])], schema: Schema) -> (IR, [Diagnostic]) {
        build(connectors: connectors.map { ConnectorSource(id: $0.id, documents: $0.files) }, schema: schema)
    }

    /// Validation and lowering of a connector, side by side on the processors: validation in one
    /// walk, lowering in shares of the operations. Lowering copes with operations that have errors.
    private static func validateAndLower(_ connector: ConnectorSource, schema: Schema) -> ([Diagnostic], [IROperation]) {
        // Fragments on a cycle (an error of validation's) are left out: inlining one of thousands
        // would take as many nested calls.
        let fragments = fragments(of: connector)
        let cyclic = FragmentCycles.members(of: fragments.mapValues(\.0))
        let selectionLowering = SelectionLowering(schema: schema, fragments: fragments.filter { !cyclic.contains($0.key) })
        let rows = KeyedRowReader(schema: schema)
        let named = connector.documents.flatMap { document in
            document.operations.compactMap { operation in
                operation.name.map { (definition: operation, name: $0.value, file: document.source) }
            }
        }
        // Several shares per processor: operations differ widely in cost, and files group them by kind.
        let shares = ChunkedWork.ranges(count: named.count)
        let diagnostics = ChunkedWork.Slots<[Diagnostic]>(count: 1)
        let lowered = ChunkedWork.Slots<[IROperation]>(count: shares.count)
        let validating: @Sendable () -> Void = { diagnostics.store(Validator.validate(connector.documents, schema: schema), at: 0) }
        let lowering = shares.indices.map { index -> @Sendable () -> Void in
            {
                lowered.store(named[shares[index]].map {
                    OperationLowering.lower($0.definition, name: $0.name, file: $0.file, lowering: selectionLowering, rows: rows)
                }, at: index)
            }
        }
        ChunkedWork.run([validating] + lowering)
        return (diagnostics.take()[0], lowered.take().flatMap { $0 })
    }

    /// Gives each operation the diagnostics inside it; the rest stay with the connector. Each
    /// operation finds its diagnostics by binary search among its file's, sorted by position:
    /// filtering all diagnostics for every operation cost operations × diagnostics.
    private static func attach(_ diagnostics: [Diagnostic], to operations: [IROperation], of connector: ConnectorSource) -> IRConnector {
        var operations = operations
        guard !diagnostics.isEmpty else { return IRConnector(id: connector.id, operations: operations, diagnostics: []) }
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
            var inside: [Int] = []
            while low < located.count, located[low].offset < range.end.offset {
                if !claimed[located[low].index] { inside.append(located[low].index) }
                low += 1
            }
            // In the order they were given, as the filter this replaces kept them.
            inside.sort()
            for index in inside { claimed[index] = true }
            operations[position].diagnostics = inside.map { diagnostics[$0] }
        }
        let unclaimed = diagnostics.indices.filter { !claimed[$0] }.map { diagnostics[$0] }
        return IRConnector(id: connector.id, operations: operations, diagnostics: unclaimed)
    }

    /// The connector's fragments by name; the first of a repeated name wins.
    private static func fragments(of connector: ConnectorSource) -> [String: (FragmentDefinition, SourceFile)] {
        var fragments: [String: (FragmentDefinition, SourceFile)] = [:]
        for document in connector.documents {
            for case .fragment(let fragment) in document.definitions where fragments[fragment.name.value] == nil {
                fragments[fragment.name.value] = (fragment, document.source)
            }
        }
        return fragments
    }
}
