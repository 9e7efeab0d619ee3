import Diagnostics
import GraphQL
import Schema

/// State shared by the rules of one validation run: the schema, the connector's documents, where
/// the walk currently is, what the walk has recorded so far, and the diagnostics reported.
public final class ValidationContext {
    /// An executable definition that variables and spreads are recorded for.
    public enum Scope: Hashable, Sendable {
        /// The n-th operation of the connector, counted over all its documents.
        case operation(Int)
        case fragment(String)
    }

    /// A use of a variable, with the input type expected where it appears.
    public struct VariableUsage: Sendable {
        public var variable: Variable
        public var file: SourceFile
        /// nil where no input type is known (unknown argument, inside an `Any` value, ...).
        public var expectedType: TypeRef?
        /// Whether the argument or input field it fills has a default value.
        public var locationHasDefault: Bool
    }

    /// A fragment definition with the file it is written in.
    public typealias FragmentEntry = (definition: FragmentDefinition, file: SourceFile)

    public let schema: Schema
    public let documents: [Document]
    /// Fragments by name; the first definition wins when a name is defined twice.
    public let fragments: [String: FragmentEntry]
    /// Which fragments spread themselves and how deep the others nest.
    public private(set) lazy var fragmentGraph = FragmentGraph(fragments.mapValues { $0.definition })
    /// The fragments on a cycle or nesting too deep. Rules that inline fragments skip these:
    /// NoFragmentCycles and NestingDepth report them, and inlining a cycle or chain of thousands
    /// of fragments from each of its members would take quadratic time and as many nested calls.
    public private(set) lazy var notInlinedFragments: Set<String> = fragmentGraph.notInlined
    /// Names of the connector's mutations (for `@refresh(onMutationExecuted:)`).
    public let mutationNames: [String]

    /// The file of the definition being walked.
    public internal(set) var file: SourceFile
    /// The operation being walked, if any.
    public internal(set) var operation: OperationDefinition?
    /// The operation or fragment being walked.
    public internal(set) var scope: Scope?
    /// Whether the walk is inside a variable's default value.
    public internal(set) var isInVariableDefault = false

    var variableUsages: [Scope: [VariableUsage]] = [:]
    var spreads: [Scope: [FragmentSpread]] = [:]
    /// Every operation with its scope and file, in walk order.
    public internal(set) var operations: [(scope: Scope, operation: OperationDefinition, file: SourceFile)] = []

    public private(set) var diagnostics: [Diagnostic] = []

    init(schema: Schema, documents: [Document]) {
        self.schema = schema
        self.documents = documents
        self.file = documents.first?.source ?? SourceFile(path: "", text: "")
        fragments = documents.fragmentsByName
        mutationNames = documents.flatMap(\.operations).compactMap { $0.operation == .mutation ? $0.name?.value : nil }
    }

    /// Reports an error at `range` of the current file.
    public func error(_ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostics.append(.error(id, message, in: file, at: range, notes: notes))
    }

    /// Reports a warning at `range` of the current file.
    public func warning(_ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostics.append(.warning(id, message, in: file, at: range, notes: notes))
    }

    /// Reports a diagnostic located anywhere.
    public func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// The schema's type of this name. Asked here rather than of `schema`, whose read from outside copies the struct.
    public func type(named name: String) -> SchemaType? { schema.type(named: name) }
    func directive(named name: String) -> SchemaDirective? { schema.directive(named: name) }

    /// The fragment spreads written directly in `scope`.
    public func spreads(in scope: Scope) -> [FragmentSpread] { spreads[scope] ?? [] }

    /// The fragments `scope` spreads, directly or through other fragments, each once.
    public func recursivelyReferencedFragments(of scope: Scope) -> [FragmentEntry] {
        var seen: Set<String> = []
        var result: [FragmentEntry] = []
        var pending = spreads(in: scope)
        while let spread = pending.popLast() {
            let name = spread.name.value
            guard !seen.contains(name), let entry = fragments[name] else { continue }
            seen.insert(name)
            result.append(entry)
            pending += spreads(in: .fragment(name))
        }
        return result
    }

    /// The variables used in `scope` and in every fragment it reaches (worked out once; ask when
    /// the walk is over).
    public func recursiveVariableUsages(of scope: Scope) -> [VariableUsage] {
        // Without spreads (most operations) they are the scope's own: nothing to gather or keep.
        if spreads[scope] == nil { return variableUsages[scope] ?? [] }
        if let cached = recursiveUsages[scope] { return cached }
        let usages = scopes(reachedFrom: scope).flatMap { variableUsages[$0] ?? [] }
        recursiveUsages[scope] = usages
        return usages
    }

    /// `scope` and every fragment it reaches.
    public func scopes(reachedFrom scope: Scope) -> [Scope] {
        [scope] + recursivelyReferencedFragments(of: scope).map { .fragment($0.definition.name.value) }
    }

    private var recursiveUsages: [Scope: [VariableUsage]] = [:]

    func recordUsage(_ usage: VariableUsage) {
        guard let scope else { return }
        variableUsages[scope, default: []].append(usage)
    }

    func recordSpread(_ spread: FragmentSpread) {
        guard let scope else { return }
        spreads[scope, default: []].append(spread)
    }
}
