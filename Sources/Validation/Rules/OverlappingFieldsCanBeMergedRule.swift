import Diagnostics
import GraphQL
import Schema

/// Spec 5.3.2: fields with the same response key in one selection (fragments included) can be
/// merged: same field, same arguments, compatible types, and mergeable subselections.
final class OverlappingFieldsCanBeMergedRule: ValidationRule {
    /// One occurrence of a field, with the type it was selected on.
    private struct Occurrence {
        var field: Field
        var parentType: SchemaType?
        var definition: SchemaField?
        var file: SourceFile
    }

    private struct Conflict {
        var reason: String
    }

    func enterSelectionSet(_ selectionSet: SelectionSet, parentType: SchemaType?, _ context: ValidationContext) {
        var visited: Set<String> = []
        let fields = collect(selectionSet, parentType: parentType, file: context.file, context, visited: &visited)
        for key in fields.keys.sorted() {
            guard let occurrences = fields[key], occurrences.count > 1 else { continue }
            let first = occurrences[0]
            for other in occurrences.dropFirst() {
                guard let conflict = find(first, other, parentsExclusive: false, depth: 0, context) else { continue }
                context.report(.error(
                    "Fields \"\(key)\" conflict because \(conflict.reason). Use different aliases on the fields to fetch both if this was intentional.",
                    in: other.file, at: other.field.range,
                    notes: [.init("The other \"\(key)\" is here.", span: SourceSpan(file: first.file, range: first.field.range))]))
                break
            }
        }
    }

    /// Response key → every field occurrence, with fragments inlined (each fragment once).
    private func collect(_ selectionSet: SelectionSet, parentType: SchemaType?, file: SourceFile, _ context: ValidationContext,
                         visited: inout Set<String>) -> [String: [Occurrence]] {
        var result: [String: [Occurrence]] = [:]
        collect(selectionSet, parentType: parentType, file: file, context, visited: &visited, into: &result)
        return result
    }

    private func collect(_ selectionSet: SelectionSet, parentType: SchemaType?, file: SourceFile, _ context: ValidationContext,
                         visited: inout Set<String>, into result: inout [String: [Occurrence]]) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let definition = parentType.flatMap { FieldLookup.field(field.name.value, on: $0) }
                result[field.responseKey, default: []].append(Occurrence(field: field, parentType: parentType, definition: definition, file: file))
            case .inlineFragment(let fragment):
                let type = fragment.typeCondition.flatMap { context.schema.type(named: $0.name.value) } ?? parentType
                collect(fragment.selectionSet, parentType: type, file: file, context, visited: &visited, into: &result)
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name.value).inserted, let entry = context.fragments[spread.name.value] else { continue }
                let type = context.schema.type(named: entry.definition.typeCondition.name.value)
                collect(entry.definition.selectionSet, parentType: type, file: entry.file, context, visited: &visited, into: &result)
            }
        }
    }

    /// `depth` bounds the search: cyclic fragments (reported by NoFragmentCycles) would never end.
    private func find(_ a: Occurrence, _ b: Occurrence, parentsExclusive: Bool, depth: Int, _ context: ValidationContext) -> Conflict? {
        // Different object types never both apply, so only the shapes must agree.
        let exclusive = parentsExclusive || (a.parentType?.name != b.parentType?.name
            && a.parentType?.kind == .object && b.parentType?.kind == .object)
        if !exclusive {
            if a.field.name.value != b.field.name.value {
                return Conflict(reason: "\"\(a.field.name.value)\" and \"\(b.field.name.value)\" are different fields")
            }
            if !sameArguments(a.field.arguments, b.field.arguments) {
                return Conflict(reason: "they have differing arguments")
            }
        }
        if let typeA = a.definition?.type, let typeB = b.definition?.type, conflict(typeA, typeB, context.schema) {
            return Conflict(reason: "they return conflicting types \"\(typeA)\" and \"\(typeB)\"")
        }
        guard depth < 32, let setA = a.field.selectionSet, let setB = b.field.selectionSet else { return nil }
        let parentA = a.definition.flatMap { context.schema.type(named: $0.type.namedType) }
        let parentB = b.definition.flatMap { context.schema.type(named: $0.type.namedType) }
        var visitedA: Set<String> = []
        var visitedB: Set<String> = []
        let fieldsA = collect(setA, parentType: parentA, file: a.file, context, visited: &visitedA)
        let fieldsB = collect(setB, parentType: parentB, file: b.file, context, visited: &visitedB)
        var reasons: [String] = []
        for key in fieldsA.keys.sorted() {
            guard let left = fieldsA[key], let right = fieldsB[key] else { continue }
            search: for first in left {
                for second in right {
                    if let conflict = find(first, second, parentsExclusive: exclusive, depth: depth + 1, context) {
                        reasons.append("subfields \"\(key)\" conflict because \(conflict.reason)")
                        break search
                    }
                }
            }
        }
        return reasons.isEmpty ? nil : Conflict(reason: reasons.joined(separator: " and "))
    }

    private func sameArguments(_ a: [Argument], _ b: [Argument]) -> Bool {
        guard a.count == b.count else { return false }
        return a.allSatisfy { argument in
            b.contains { $0.name.value == argument.name.value && StructuralComparison.isEqualIgnoringRanges($0.value, argument.value) }
        }
    }

    /// Whether two return types cannot be merged (composite types are compared by subfields).
    private func conflict(_ a: TypeRef, _ b: TypeRef, _ schema: Schema) -> Bool {
        switch (a, b) {
        case (.list(let x), .list(let y)): return conflict(x, y, schema)
        case (.list, _), (_, .list): return true
        case (.nonNull(let x), .nonNull(let y)): return conflict(x, y, schema)
        case (.nonNull, _), (_, .nonNull): return true
        case (.named(let x), .named(let y)):
            if schema.isLeaf(x) || schema.isLeaf(y) { return x != y }
            return false
        }
    }
}
