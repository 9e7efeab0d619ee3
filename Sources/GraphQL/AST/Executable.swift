import Diagnostics

/// `query`, `mutation` or `subscription`.
public enum OperationType: String, Hashable, Sendable, CaseIterable {
    case query
    case mutation
    case subscription
}

/// An operation: `query Name($var: Type) @dir { ... }`, or the shorthand `{ ... }` (a query with no
/// name, variables, directives or description).
public struct OperationDefinition: Hashable, Sendable {
    /// Allowed on operations since the September 2025 spec, except on the shorthand form.
    public var description: Description?
    public var operation: OperationType
    public var name: Name?
    public var variableDefinitions: [VariableDefinition]
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: SourceRange
}

/// `"description" $name: Type = default @dir` in an operation's variable list.
public struct VariableDefinition: Hashable, Sendable {
    /// Allowed since the September 2025 spec.
    public var description: Description?
    public var variable: Variable
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    public var range: SourceRange
}

/// `$name`; its range covers the `$` too.
public struct Variable: Hashable, Sendable {
    public var name: Name
    public var range: SourceRange
}

/// `{ selection ... }`, never empty when parsed.
public struct SelectionSet: Hashable, Sendable {
    public var selections: [Selection]
    public var range: SourceRange
}

/// One entry of a selection set.
public enum Selection: Hashable, Sendable {
    case field(Field)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)

    public var range: SourceRange {
        switch self {
        case .field(let node): node.range
        case .fragmentSpread(let node): node.range
        case .inlineFragment(let node): node.range
        }
    }
}

/// `alias: name(arguments) @dir { ... }`.
public struct Field: Hashable, Sendable {
    public var alias: Name?
    public var name: Name
    public var arguments: [Argument]
    public var directives: [Directive]
    public var selectionSet: SelectionSet?
    public var range: SourceRange

    /// The key the field has in a response: the alias if there is one, else the name.
    public var responseKey: String { alias?.value ?? name.value }
}

/// `...FragmentName @dir`.
public struct FragmentSpread: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var range: SourceRange
}

/// `... on Type @dir { ... }`; the type condition is optional.
public struct InlineFragment: Hashable, Sendable {
    public var typeCondition: NamedType?
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: SourceRange
}

/// `"description" fragment Name on Type @dir { ... }`.
public struct FragmentDefinition: Hashable, Sendable {
    /// Allowed on fragments since the September 2025 spec.
    public var description: Description?
    public var name: Name
    public var typeCondition: NamedType
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: SourceRange
}
