/// A hook of `ValidationRule`, so that the walk calls a rule only for the nodes it handles.
public enum ValidationHook: Int, CaseIterable, Sendable {
    case operation, fragment, otherDefinition, variableDefinition, selectionSet, field, fragmentSpread, inlineFragment
    case directives, directive, arguments, argument, value, objectValue, objectField, leaveDocument
}

/// The hooks a rule implements.
public typealias ValidationHooks = Set<ValidationHook>
