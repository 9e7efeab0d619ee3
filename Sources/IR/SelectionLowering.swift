import Diagnostics
import GraphQL
import Schema

/// GraphQL's CollectFields over the schema: inlines fragments, merges same-key fields (subselections too), types each.
struct SelectionLowering: Sendable {
    let schema: Schema
    let fragments: [String: (definition: FragmentDefinition, file: SourceFile)]
    /// The meta-field every object type has.
    private static let typename = SchemaField(name: "__typename", type: .nonNull(.named("String")))
    /// The key fields of every table and view (none for views) by type name: `Schema.entity(named:)` would copy the entity.
    private var keyFields: [String: [String]] = [:]

    init(schema: Schema, fragments: [String: (definition: FragmentDefinition, file: SourceFile)]) {
        self.schema = schema
        self.fragments = fragments
        for name in schema.entityNames {
            if let entity = schema.entity(named: name) { keyFields[name] = entity.keyFields }
        }
    }

    /// One written occurrence of a field and what encloses it.
    private struct Occurrence {
        var field: Field
        var parentType: SchemaType
        var file: SourceFile
        var isRedacted: Bool
        var isConditional: Bool
    }

    /// Response keys in first-seen order with their occurrences.
    private struct Grouped {
        private(set) var groups: [(key: String, occurrences: [Occurrence])] = []
        /// Positions in `groups` by key, kept once searching the groups would cost more than hashing.
        private var positions: [String: Int] = [:]
        private static let searchLimit = 16

        // Consumed: moving the occurrence into its group saves copying its field's syntax again.
        mutating func add(_ occurrence: consuming Occurrence) {
            let key = occurrence.field.responseKey
            if let position = position(of: key) {
                groups[position].occurrences.append(occurrence)
                return
            }
            groups.append((key, [occurrence]))
            if groups.count > Self.searchLimit {
                if positions.isEmpty {
                    for (position, group) in groups.enumerated() { positions[group.key] = position }
                } else {
                    positions[key] = groups.count - 1
                }
            }
        }

        private func position(of key: String) -> Int? {
            groups.count > Self.searchLimit ? positions[key] : groups.firstIndex { $0.key == key }
        }
    }

    /// The lowered fields of `selectionSet` and the fragments it spreads (recursively, first-use order).
    func lower(_ selectionSet: SelectionSet, parentType: String, file: SourceFile) -> ([IRField], [String]) {
        guard let parentType = schema.type(named: parentType) else { return ([], []) }
        var grouped = Grouped()
        var used = UsedFragments()
        var visited: Set<VisitedSpread> = []
        collect(selectionSet, parentType: parentType, file: file, redacted: false, conditional: false,
                into: &grouped, used: &used, visited: &visited)
        let fields = fields(grouped, used: &used)
        return (fields, used.names)
    }

    private func fields(_ grouped: Grouped, used: inout UsedFragments) -> [IRField] {
        // Sized up front: lowered operations live until emission ends, spare capacity with them.
        var fields: [IRField] = []
        fields.reserveCapacity(grouped.groups.count)
        for group in grouped.groups {
            if let field = field(group.occurrences, used: &used) { fields.append(field) }
        }
        return fields
    }

    /// The field of the occurrences (never empty) of one response key; the first is read in place, not copied.
    private func field(_ all: [Occurrence], used: inout UsedFragments) -> IRField? {
        let name = all[0].field.name.value, parentType = all[0].parentType
        // Unknown fields were reported by validation; the IR keeps what can be typed.
        guard let definition = name == "__typename" ? Self.typename : parentType.field(named: name) else { return nil }
        let namedType = definition.type.namedType
        var children: [IRField] = [], table: String?
        if let type = schema.type(named: namedType), type.isCompositeType {
            table = keyFields[namedType] != nil ? namedType : nil
            var grouped = Grouped()
            var visited: Set<VisitedSpread> = []
            for index in all.indices {
                guard let selectionSet = all[index].field.selectionSet else { continue }
                collect(selectionSet, parentType: type, file: all[index].file, redacted: all[index].isRedacted,
                        conditional: all[index].isConditional, into: &grouped, used: &used, visited: &visited)
            }
            children = fields(grouped, used: &used)
        }
        let directives = all.flatMap { $0.field.directives.map(DirectiveLowering.lower) }
        return IRField(
            responseKey: all[0].field.responseKey, name: name,
            arguments: all[0].field.arguments.map { IRArgument(name: $0.name.value, value: $0.value) },
            parentType: parentType.name, type: definition.type,
            userDescription: definition.origin.userWritten(definition.description),
            table: table,
            isKeyField: keyFields[parentType.name]?.contains(name) ?? false,
            directives: directives,
            isRedacted: all.allSatisfy { $0.isRedacted || $0.field.directives.contains { $0.name.value == BuiltinName.redact } },
            isRetired: all.contains { $0.field.directives.contains { $0.name.value == BuiltinName.retired } },
            isConditional: all.allSatisfy { $0.isConditional || Self.isConditional($0.field.directives) },
            mergedOccurrences: all.count, children: children, file: all[0].file, range: all[0].field.range)
    }

    /// The fragments an operation uses in first-use order, with a set to find repeats.
    private struct UsedFragments {
        private(set) var names: [String] = []
        private var seen: Set<String> = []

        mutating func add(_ name: String) {
            if seen.insert(name).inserted { names.append(name) }
        }
    }

    /// A fragment inlined into one selection with its flags: inlining it again under them would repeat it.
    private struct VisitedSpread: Hashable {
        var name: String
        var redacted: Bool
        var conditional: Bool
    }

    // Each fragment is inlined at most once per flag combination into a selection, as CollectFields does: a
    // fragment spreading the next one twice, level after level, would otherwise cost 2^depth (and cycles never end).
    private func collect(_ selectionSet: SelectionSet, parentType: SchemaType, file: SourceFile, redacted: Bool, conditional: Bool,
                         into grouped: inout Grouped, used: inout UsedFragments, visited: inout Set<VisitedSpread>) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                grouped.add(Occurrence(field: field, parentType: parentType, file: file, isRedacted: redacted, isConditional: conditional))
            case .inlineFragment(let fragment):
                guard let type = fragmentType(fragment.typeCondition?.name.value, within: parentType) else { continue }
                collect(fragment.selectionSet, parentType: type, file: file,
                        redacted: redacted || Self.isRedacted(fragment.directives),
                        conditional: conditional || Self.isConditional(fragment.directives),
                        into: &grouped, used: &used, visited: &visited)
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard let fragment = fragments[name] else { continue }
                guard let type = fragmentType(fragment.definition.typeCondition.name.value, within: parentType) else { continue }
                let key = VisitedSpread(name: name, redacted: redacted || Self.isRedacted(spread.directives),
                                        conditional: conditional || Self.isConditional(spread.directives))
                guard visited.insert(key).inserted else { continue }
                used.add(name)
                collect(fragment.definition.selectionSet, parentType: type, file: fragment.file, redacted: key.redacted,
                        conditional: key.conditional, into: &grouped, used: &used, visited: &visited)
            }
        }
    }

    /// The type a fragment's condition names (none: `parentType`) when the fragment applies within `parentType`.
    private func fragmentType(_ condition: String?, within parentType: SchemaType) -> SchemaType? {
        guard let condition else { return parentType }
        return schema.typesOverlap(condition, parentType.name) ? schema.type(named: condition) : nil
    }

    private static func isRedacted(_ directives: [Directive]) -> Bool {
        directives.contains { $0.name.value == BuiltinName.redact }
    }

    private static func isConditional(_ directives: [Directive]) -> Bool {
        directives.contains { $0.name.value == "skip" || $0.name.value == "include" }
    }
}
