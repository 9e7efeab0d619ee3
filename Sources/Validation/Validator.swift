import Diagnostics
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
        var collector = DiagnosticCollector()
        for diagnostics in walks(documents, schema: schema, rules: rules, sharing: sharing) { collector.append(contentsOf: diagnostics) }
        return collector.sorted
    }

    /// The diagnostics of each walk. Without fragments, which tie operations together, the
    /// operations are shared out over the processors, each share walked with its own rule
    /// instances, and the rules that compare operations run in one extra walk that skips what is
    /// inside them. Ties in `sorted` keep this order: the extra walk's come first, as its rules
    /// come first in a single walk.
    private static func walks(
        _ documents: [Document], schema: Schema, rules: [@Sendable () -> any ValidationRule], sharing: Bool
    ) -> [[Diagnostic]] {
        let operationCount = documents.reduce(0) { $0 + $1.definitions.lazy.filter(\.isOperation).count }
        let hasFragments = documents.contains { $0.definitions.contains(where: \.isFragment) }
        let shares = ChunkedWork.ranges(count: operationCount, perProcessor: 1)
        guard sharing, !hasFragments, shares.count > 1 else {
            let context = ValidationContext(schema: schema, documents: documents)
            DocumentWalker(context: context, rules: rules.map { $0() }).walk()
            return [context.diagnostics]
        }
        let spanning = rules.filter { $0().spansOperations }
        let local = rules.filter { !$0().spansOperations }
        let walks: [(rules: [@Sendable () -> any ValidationRule], share: Range<Int>?)] = [(spanning, nil)] + shares.map { (local, $0) }
        let results = ChunkedWork.Slots<[Diagnostic]>(count: walks.count)
        ChunkedWork.run(walks.indices.map { index in
            {
                let context = ValidationContext(schema: schema, documents: documents)
                DocumentWalker(context: context, rules: walks[index].rules.map { $0() }, share: walks[index].share).walk()
                results.store(context.diagnostics, at: index)
            }
        })
        return results.take()
    }
}

private extension Definition {
    var isOperation: Bool {
        if case .operation = self { return true }
        return false
    }

    var isFragment: Bool {
        if case .fragment = self { return true }
        return false
    }
}
