import Diagnostics
import Foundation
import GraphQL
import Parallel
import Schema

/// Checks the operations of one connector against a synthesized Data Connect schema.
///
/// All files of a connector form one document (fragments may be shared between them), as the
/// Data Connect tooling treats them. Every rule runs in one walk; the result is every diagnostic,
/// sorted by file and position. Nothing is thrown and no input makes it crash.
public enum Validator {
    /// The rules of the GraphQL specification that apply to queries and mutations, in the order
    /// graphql-js lists them.
    public static let specifiedRules: [@Sendable () -> any ValidationRule] = [
        { ExecutableDefinitionsRule() },
        { UniqueOperationNamesRule() },
        { LoneAnonymousOperationRule() },
        { KnownTypeNamesRule() },
        { FragmentsOnCompositeTypesRule() },
        { VariablesAreInputTypesRule() },
        { ScalarLeafsRule() },
        { FieldsOnCorrectTypeRule() },
        { UniqueFragmentNamesRule() },
        { KnownFragmentNamesRule() },
        { NoUnusedFragmentsRule() },
        { PossibleFragmentSpreadsRule() },
        { NoFragmentCyclesRule() },
        { UniqueVariableNamesRule() },
        { NoUndefinedVariablesRule() },
        { NoUnusedVariablesRule() },
        { KnownDirectivesRule() },
        { UniqueDirectivesPerLocationRule() },
        { KnownArgumentNamesRule() },
        { UniqueArgumentNamesRule() },
        { ValuesOfCorrectTypeRule() },
        { ProvidedRequiredArgumentsRule() },
        { VariablesInAllowedPositionRule() },
        { OverlappingFieldsCanBeMergedRule() },
        { UniqueInputFieldNamesRule() },
    ]

    /// Data Connect's own rules on top of the specification's.
    public static let dataConnectRules: [@Sendable () -> any ValidationRule] = [
        { NamedOperationsRule() },
        { NoSubscriptionsRule() },
        { OneOfRule() },
        { AuthDirectiveRule() },
        { RefreshDirectiveRule() },
        { ForbiddenVariableTypesRule() },
        { ForbiddenInVariablesRule() },
        { AllowDirectiveRule() },
        { CheckPlacementRule() },
    ]

    /// Every rule sdkgen runs.
    public static var allRules: [@Sendable () -> any ValidationRule] { specifiedRules + dataConnectRules }

    /// Validates `documents` (the files of one connector) against `schema` with `rules`.
    public static func validate(
        _ documents: [Document], schema: Schema, rules: [@Sendable () -> any ValidationRule] = allRules
    ) -> [Diagnostic] {
        validate(documents, schema: schema, rules: rules, sharing: true)
    }

    /// `sharing: false` walks everything at once (tests compare the two).
    static func validate(
        _ documents: [Document], schema: Schema, rules: [@Sendable () -> any ValidationRule], sharing: Bool
    ) -> [Diagnostic] {
        let walks = walks(documents, schema: schema, rules: rules, sharing: sharing)
        let results = ChunkedWork.Slots<[Diagnostic]>(count: walks.count)
        ChunkedWork.run(walks.indices.map { index in { results.store(walks[index](), at: index) } })
        return sorted(results.take())
    }

    /// The independent walks that validating `documents` takes, each returning its diagnostics;
    /// `sorted` makes one result of theirs. `validate` runs them on all processors; a caller with
    /// other work for the same documents can run them among it.
    ///
    /// Without fragments, which tie operations together, the operations are shared out, each share
    /// walked with its own rule instances, and the rules that compare operations run in one extra
    /// walk that skips what is inside them. Ties in `sorted` keep the walks' order: the extra
    /// walk's come first, as its rules come first in a single walk.
    public static func walks(
        _ documents: [Document], schema: Schema, rules: [@Sendable () -> any ValidationRule] = allRules
    ) -> [@Sendable () -> [Diagnostic]] {
        walks(documents, schema: schema, rules: rules, sharing: true)
    }

    /// The diagnostics of `walks`, in one list sorted by file and position.
    public static func sorted(_ walks: [[Diagnostic]]) -> [Diagnostic] {
        var collector = DiagnosticCollector()
        for diagnostics in walks { collector.append(contentsOf: diagnostics) }
        return collector.sorted
    }

    private static func walks(
        _ documents: [Document], schema: Schema, rules: [@Sendable () -> any ValidationRule], sharing: Bool
    ) -> [@Sendable () -> [Diagnostic]] {
        let operations = documents.reduce(0) { $0 + $1.operations.count }
        let hasFragments = documents.contains { !$0.fragments.isEmpty }
        // One share per processor, the operations dealt out in turn: files group operations by kind,
        // and kinds differ in cost, so consecutive ranges would leave one processor waiting.
        let shareCount = min(ChunkedWork.processorCount, operations / ChunkedWork.minimumChunk)
        // Built once for all walks: the kind of every type of the schema.
        var table = NameTable<SchemaType.Kind>()
        for type in schema.allTypes { table.insert(type.kind, for: type.name) }
        let kinds = table
        guard sharing, !hasFragments, shareCount > 1 else {
            return [{ walk(documents, schema: schema, kinds: kinds, rules: rules, share: nil) }]
        }
        let spanning = rules.filter { $0().spansOperations }
        let local = rules.filter { !$0().spansOperations }
        let shareWalks = (0..<shareCount).map { number -> @Sendable () -> [Diagnostic] in
            { walk(documents, schema: schema, kinds: kinds, rules: local, share: (number, shareCount)) }
        }
        return [{ walk(documents, schema: schema, kinds: kinds, rules: spanning, share: nil) }] + shareWalks
    }

    private static func walk(
        _ documents: [Document], schema: Schema, kinds: NameTable<SchemaType.Kind>, rules: [@Sendable () -> any ValidationRule],
        share: (number: Int, count: Int)?
    ) -> [Diagnostic] {
        let context = ValidationContext(schema: schema, documents: documents, kinds: kinds)
        var walker = DocumentWalker(context: context, rules: rules.map { $0() }, share: share)
        walker.walk()
        return context.diagnostics
    }
}
