import Diagnostics

/// `schema @dir { query: Query ... }`, or `extend schema ...`, which has no description and may leave out the
/// operation types.
public struct SchemaDefinition: Hashable, Sendable {
    public var description: Description?
    public var directives: [Directive]
    public var operationTypes: [OperationTypeDefinition]
    public var range: SourceRange
}

/// `query: Query` inside a schema definition or extension.
public struct OperationTypeDefinition: Hashable, Sendable {
    public var operation: OperationType
    public var type: NamedType
    public var range: SourceRange
}

/// A named type definition of any kind, or `extend <kind> Name ...`, which has no description and adds to a
/// type defined elsewhere. Only the members its kind has can be non-empty.
public struct TypeDefinition: Hashable, Sendable {
    /// The kinds of named type; the raw value is the keyword that introduces one.
    public enum Kind: String, Hashable, Sendable {
        case scalar, interface, union
        case object = "type"
        case enumType = "enum"
        case inputObject = "input"
    }

    public var kind: Kind
    public var description: Description?
    public var name: Name
    /// `implements A & B` of an object or interface.
    public var interfaces: [NamedType] = []
    public var directives: [Directive] = []
    /// Fields of an object or interface.
    public var fields: [FieldDefinition] = []
    /// `= A | B` of a union.
    public var types: [NamedType] = []
    /// Values of an enum.
    public var values: [EnumValueDefinition] = []
    /// Fields of an input object.
    public var inputFields: [InputValueDefinition] = []
    public var range: SourceRange = .synthesized
}

/// `"description" name(arguments): Type @dir` inside an object or interface.
public struct FieldDefinition: Hashable, Sendable {
    public var description: Description?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var type: TypeReference
    public var directives: [Directive]
    public var range: SourceRange
}

/// An argument definition or an input object field: `"description" name: Type = default @dir`.
public struct InputValueDefinition: Hashable, Sendable {
    public var description: Description?
    public var name: Name
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
    public var range: SourceRange
}

/// `"description" VALUE @dir` inside an enum.
public struct EnumValueDefinition: Hashable, Sendable {
    public var description: Description?
    public var name: Name
    public var directives: [Directive]
    public var range: SourceRange
}

/// `directive @name(arguments) repeatable on LOCATION | ...`.
public struct DirectiveDefinition: Hashable, Sendable {
    public var description: Description?
    /// The name without the `@`.
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var isRepeatable: Bool
    /// Each is the name of a `DirectiveLocation`; the parser rejects any other name.
    public var locations: [Name]
    public var range: SourceRange
}

/// The places a directive may be used, as named in a directive definition.
public enum DirectiveLocation: String, Hashable, Sendable, CaseIterable {
    case query = "QUERY"
    case mutation = "MUTATION"
    case subscription = "SUBSCRIPTION"
    case field = "FIELD"
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    case fragmentSpread = "FRAGMENT_SPREAD"
    case inlineFragment = "INLINE_FRAGMENT"
    case variableDefinition = "VARIABLE_DEFINITION"
    case schema = "SCHEMA"
    case scalar = "SCALAR"
    case object = "OBJECT"
    case fieldDefinition = "FIELD_DEFINITION"
    case argumentDefinition = "ARGUMENT_DEFINITION"
    case interface = "INTERFACE"
    case union = "UNION"
    case enumType = "ENUM"
    case enumValue = "ENUM_VALUE"
    case inputObject = "INPUT_OBJECT"
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
}
