import Diagnostics
import GraphQL
import Schema

/// Spec 5.3.2: fields with the same response key in one selection (fragments included) can be
/// merged: same field, same arguments, compatible types, and mergeable subselections.
final class OverlappingFieldsCanBeMergedRule: ValidationRule {
    let hooks: ValidationHooks = [.selectionSet]

    /// Where an occurrence was found: directly in the selection set, or through one of its fragments.
    private enum Origin: Hashable {
        case direct
        case inline(Int)
        case fragment(String)
    }

    /// One occurrence of a field, with the type it was selected on.
    private struct Occurrence {
        var field: Field
        var parentType: String?
        var file: SourceFile
        var origin = Origin.direct

        var isFromNamedFragment: Bool {
            if case .fragment = origin { return true } else { return false }
        }

        func type(_ context: ValidationContext) -> TypeRef? {
            guard let parentType else { return nil }
            if field.name.value == "__typename" { return FieldLookup.typename.type }
            return context.schema.field(field.name.value, on: parentType)?.type
        }
    }

    func enterSelectionSet(_ selectionSet: SelectionSet, parentType: SchemaType?, _ context: ValidationContext) {
        // Nearly every selection has distinct response keys; then there is nothing to merge.
        var keys = Set<String>(minimumCapacity: selectionSet.selections.count)
        var seen: Set<String> = []
        guard !keysAreUnique(selectionSet, keys: &keys, fragments: &seen, context) else { return }
        let fields = occurrences(in: selectionSet, parentType: parentType?.name, file: context.file, context)
        var metFragments: Set<[String]> = []
        defer { comparedFragments.formUnion(metFragments) }
        for key in fields.keys.sorted() {
            guard let occurrences = fields[key], occurrences.count > 1 else { continue }
            for (index, earlier) in occurrences.enumerated() {
                for later in occurrences[(index + 1)...] where needsComparing(earlier.origin, later.origin, met: &metFragments) {
                    // graphql-js names a selection's own fields before those of its named fragments.
                    let (first, other) = earlier.isFromNamedFragment && !later.isFromNamedFragment ? (later, earlier) : (earlier, later)
                    guard let conflict = find(first, other, parentsExclusive: false, depth: 0, context) else { continue }
                    context.report(.error(.overlappingFieldsCanBeMerged, 
                        "Fields \"\(key)\" conflict because \(conflict). Use different aliases on the fields to fetch both if this was intentional.",
                        in: other.file, at: other.field.range,
                        notes: [.init("The other \"\(key)\" is here.", span: SourceSpan(file: first.file, range: first.field.range))]))
                }
            }
        }
    }

    /// Pairs of named fragments compared in earlier selection sets: side by side again, they conflict alike.
    private var comparedFragments: Set<[String]> = []

    /// Whether two occurrences are compared here, as graphql-js does: fields of one fragment where its own
    /// selection set is checked, two named fragments only where they first meet.
    private func needsComparing(_ a: Origin, _ b: Origin, met: inout Set<[String]>) -> Bool {
        switch (a, b) {
        case (.direct, _), (_, .direct): return true
        case (.fragment(let x), .fragment(let y)) where x != y:
            let pair = [min(x, y), max(x, y)]
            met.insert(pair)
            return !comparedFragments.contains(pair)
        default: return a != b
        }
    }

    private func keysAreUnique(_ selectionSet: SelectionSet, keys: inout Set<String>, fragments: inout Set<String>,
                               _ context: ValidationContext) -> Bool {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if !keys.insert(field.responseKey).inserted { return false }
            case .inlineFragment(let fragment):
                if !keysAreUnique(fragment.selectionSet, keys: &keys, fragments: &fragments, context) { return false }
            case .fragmentSpread(let spread):
                guard fragments.insert(spread.name.value).inserted, !context.notInlinedFragments.contains(spread.name.value),
                      let entry = context.fragments[spread.name.value] else { continue }
                if !keysAreUnique(entry.definition.selectionSet, keys: &keys, fragments: &fragments, context) { return false }
            }
        }
        return true
    }

    /// Response key → every field occurrence in `selectionSet`.
    private func occurrences(in selectionSet: SelectionSet, parentType: String?, file: SourceFile,
                             _ context: ValidationContext) -> [String: [Occurrence]] {
        var result: [String: [Occurrence]] = [:]
        var visited: Set<String> = []
        var inlineFragments = 0
        collect(selectionSet, parentType: parentType, file: file, origin: .direct, inlineFragments: &inlineFragments, context,
                visited: &visited, into: &result)
        return result
    }

    /// Adds every field occurrence to `result`, with fragments inlined (each once) and taken as the origin.
    private func collect(_ selectionSet: SelectionSet, parentType: String?, file: SourceFile, origin: Origin,
                         inlineFragments: inout Int, _ context: ValidationContext,
                         visited: inout Set<String>, into result: inout [String: [Occurrence]]) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                result[field.responseKey, default: []].append(Occurrence(field: field, parentType: parentType, file: file, origin: origin))
            case .inlineFragment(let fragment):
                let type = fragment.typeCondition?.name.value ?? parentType
                inlineFragments += 1
                collect(fragment.selectionSet, parentType: type, file: file, origin: origin == .direct ? .inline(inlineFragments) : origin,
                        inlineFragments: &inlineFragments, context, visited: &visited, into: &result)
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name.value).inserted, !context.notInlinedFragments.contains(spread.name.value),
                      let entry = context.fragments[spread.name.value] else { continue }
                let type = entry.definition.typeCondition.name.value
                collect(entry.definition.selectionSet, parentType: type, file: entry.file,
                        origin: origin == .direct ? .fragment(spread.name.value) : origin,
                        inlineFragments: &inlineFragments, context, visited: &visited, into: &result)
            }
        }
    }

    /// A comparison `find` made: the two written fields, the types they were selected on, and the rest of its input.
    private struct Comparison: Hashable {
        var fileA: String
        var startA: SourceLocation
        var parentA: String?
        var fileB: String
        var startB: SourceLocation
        var parentB: String?
        var parentsExclusive: Bool
        var depth: Int
    }

    /// Answers of `find` so far. Fields whose subselections repeat one another (a fragment selecting
    /// `a { ...Next } a { ...Next }`, level after level) would otherwise be compared 4^depth times.
    private var comparisons: [Comparison: String?] = [:]

    /// Why `a` and `b` cannot be merged, or nil; `depth` bounds the search, which cyclic fragments would not end.
    private func find(_ a: Occurrence, _ b: Occurrence, parentsExclusive: Bool, depth: Int, _ context: ValidationContext) -> String? {
        let key = Comparison(fileA: a.file.path, startA: a.field.range.start, parentA: a.parentType,
                             fileB: b.file.path, startB: b.field.range.start, parentB: b.parentType,
                             parentsExclusive: parentsExclusive, depth: depth)
        if let known = comparisons[key] { return known }
        let answer = compare(a, b, parentsExclusive: parentsExclusive, depth: depth, context)
        comparisons[key] = answer
        return answer
    }

    private func compare(_ a: Occurrence, _ b: Occurrence, parentsExclusive: Bool, depth: Int, _ context: ValidationContext) -> String? {
        // Different object types never both apply, so only the shapes must agree.
        let exclusive = parentsExclusive || (a.parentType != b.parentType
            && a.parentType.flatMap(context.type)?.kind == .object && b.parentType.flatMap(context.type)?.kind == .object)
        if !exclusive {
            if a.field.name.value != b.field.name.value {
                return "\"\(a.field.name.value)\" and \"\(b.field.name.value)\" are different fields"
            }
            if !sameArguments(a.field.arguments, b.field.arguments) {
                return "they have differing arguments"
            }
        }
        let typeA = a.type(context)
        let typeB = b.type(context)
        if let typeA, let typeB, conflict(typeA, typeB, context) {
            return "they return conflicting types \"\(typeA)\" and \"\(typeB)\""
        }
        guard depth < 32, let setA = a.field.selectionSet, let setB = b.field.selectionSet else { return nil }
        let fieldsA = occurrences(in: setA, parentType: typeA?.namedType, file: a.file, context)
        let fieldsB = occurrences(in: setB, parentType: typeB?.namedType, file: b.file, context)
        var reasons: [String] = []
        for key in fieldsA.keys.sorted() {
            guard let left = fieldsA[key], let right = fieldsB[key] else { continue }
            search: for first in left {
                for second in right {
                    if let conflict = find(first, second, parentsExclusive: exclusive, depth: depth + 1, context) {
                        reasons.append("subfields \"\(key)\" conflict because \(conflict)")
                        break search
                    }
                }
            }
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: " and ")
    }

    private func sameArguments(_ a: [Argument], _ b: [Argument]) -> Bool {
        guard a.count == b.count else { return false }
        return a.allSatisfy { argument in
            b.contains { $0.name.value == argument.name.value && Printer.print($0.value) == Printer.print(argument.value) }
        }
    }

    /// Whether two return types cannot be merged (composite types are compared by subfields).
    private func conflict(_ a: TypeRef, _ b: TypeRef, _ context: ValidationContext) -> Bool {
        switch (a, b) {
        case (.list(let x), .list(let y)): return conflict(x, y, context)
        case (.list, _), (_, .list): return true
        case (.nonNull(let x), .nonNull(let y)): return conflict(x, y, context)
        case (.nonNull, _), (_, .nonNull): return true
        case (.named(let x), .named(let y)):
            if context.type(named: x)?.isLeafType == true || context.type(named: y)?.isLeafType == true { return x != y }
            return false
        }
    }
}
