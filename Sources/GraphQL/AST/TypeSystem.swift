import Diagnostics

/// `schema @dir { query: Query ... }`.
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

/// A named type definition; the accessors give the parts every kind has.
public enum TypeDefinition: Hashable, Sendable {
    case scalar(ScalarTypeDefinition)
    case object(ObjectTypeDefinition)
    case interface(InterfaceTypeDefinition)
    case union(UnionTypeDefinition)
    case enumType(EnumTypeDefinition)
    case inputObject(InputObjectTypeDefinition)

    public var name: Name {
        switch self {
        case .scalar(let node): node.name
        case .object(let node): node.name
        case .interface(let node): node.name
        case .union(let node): node.name
        case .enumType(let node): node.name
        case .inputObject(let node): node.name
        }
    }

    public var description: Description? {
        switch self {
        case .scalar(let node): node.description
        case .object(let node): node.description
        case .interface(let node): node.description
        case .union(let node): node.description
        case .enumType(let node): node.description
        case .inputObject(let node): node.description
        }
    }

    public var directives: [Directive] {
        switch self {
        case .scalar(let node): node.directives
        case .object(let node): node.directives
        case .interface(let node): node.directives
        case .union(let node): node.directives
        case .enumType(let node): node.directives
        case .inputObject(let node): node.directives
        }
    }

    public var range: SourceRange {
        switch self {
        case .scalar(let node): node.range
        case .object(let node): node.range
        case .interface(let node): node.range
        case .union(let node): node.range
        case .enumType(let node): node.range
        case .inputObject(let node): node.range
        }
    }
}

/// `scalar Name @dir`.
public struct ScalarTypeDefinition: Hashable, Sendable {
    public var description: Description?
    public var name: Name
    public var directives: [Directive]
    public var range: SourceRange
}

/// `type Name implements A & B @dir { fields }`.
public struct ObjectTypeDefinition: Hashable, Sendable {
    public var description: Description?
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var range: SourceRange

    public init(
        description: Description? = nil, name: Name, interfaces: [NamedType] = [], directives: [Directive] = [],
        fields: [FieldDefinition] = [], range: SourceRange = .synthesized
    ) {
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.range = range
    }
}

/// `interface Name implements A & B @dir { fields }`.
public struct InterfaceTypeDefinition: Hashable, Sendable {
    public var description: Description?
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var range: SourceRange
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

/// `union Name @dir = A | B`.
public struct UnionTypeDefinition: Hashable, Sendable {
    public var description: Description?
    public var name: Name
    public var directives: [Directive]
    public var types: [NamedType]
    public var range: SourceRange
}

/// `enum Name @dir { VALUES }`.
public struct EnumTypeDefinition: Hashable, Sendable {
    public var description: Description?
    public var name: Name
    public var directives: [Directive]
    public var values: [EnumValueDefinition]
    public var range: SourceRange
}

/// `"description" VALUE @dir` inside an enum.
public struct EnumValueDefinition: Hashable, Sendable {
    public var description: Description?
    public var name: Name
    public var directives: [Directive]
    public var range: SourceRange
}

/// `input Name @dir { fields }`.
public struct InputObjectTypeDefinition: Hashable, Sendable {
    public var description: Description?
    public var name: Name
    public var directives: [Directive]
    public var fields: [InputValueDefinition]
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
