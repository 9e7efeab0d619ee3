import Diagnostics
import GraphQL
import Parallel
import Schema

/// Checks the operations of one connector against a synthesized Data Connect schema.
///
/// All files of a connector form one document (fragments may be shared between them), as the
/// Data Connect tooling treats them. The rules that compare operations see them all at once, then
/// every other rule walks the operations; the result is every diagnostic, sorted by file and position.
/// Nothing is thrown and no input makes it crash.
public enum Validator {
    /// The rules of the GraphQL specification that apply to queries and mutations, in the order
    /// graphql-js lists them, without the two in `crossOperationRules`.
    public static let specifiedRules: [@Sendable () -> any ValidationRule] = [
        { ExecutableDefinitionsRule() },
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
        { NestingDepthRule() },
    ]

    /// The specification's rules that compare a connector's operations with one another.
    public static let crossOperationRules: [any CrossOperationRule] = [UniqueOperationNamesRule(), LoneAnonymousOperationRule()]

    /// Every walking rule sdkgen runs.
    public static var allRules: [@Sendable () -> any ValidationRule] { specifiedRules + dataConnectRules }

    /// Validates `documents` (the files of one connector) against `schema` with `crossOperationRules`,
    /// then with `rules` in one walk, shared out over at most `processors`.
    public static func validate(
        _ documents: [Document], schema: Schema, rules: [@Sendable () -> any ValidationRule] = allRules,
        crossOperationRules: [any CrossOperationRule] = crossOperationRules, processors: Int = ChunkedWork.processorCount
    ) -> [Diagnostic] {
        let context = ValidationContext(schema: schema, documents: documents)
        let operations = documents.flatMap { document in document.operations.map { (operation: $0, file: document.source) } }
        for rule in crossOperationRules { rule.check(operations, context) }
        // A walking rule sees one operation at a time, so shares of them walk in parallel with their own
        // context and rules; rules follow spreads, so a connector with fragments is walked whole.
        let fragments = documents.contains { !$0.fragments.isEmpty }
        let shares = fragments ? 1 : max(1, min(processors, operations.count / ChunkedWork.minimumChunk))
        let walks = ChunkedWork.map(Array(0..<shares)) { number in
            let context = ValidationContext(schema: schema, documents: documents)
            var walker = DocumentWalker(context: context, rules: rules.map { $0() })
            walker.walk(share: (number, shares))
            return context.diagnostics
        }
        return DiagnosticCollector.ordered(context.diagnostics + walks.joined())
    }
}
