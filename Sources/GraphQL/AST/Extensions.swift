import Diagnostics

/// `extend schema @dir { mutation: Mutation }`.
public struct SchemaExtension: Hashable, Sendable {
    public var directives: [Directive]
    public var operationTypes: [OperationTypeDefinition]
    public var range: SourceRange
}

/// `extend <kind> Name ...`: adds to a type defined elsewhere. Extensions have no description.
public enum TypeExtension: Hashable, Sendable {
    case scalar(ScalarTypeExtension)
    case object(ObjectTypeExtension)
    case interface(InterfaceTypeExtension)
    case union(UnionTypeExtension)
    case enumType(EnumTypeExtension)
    case inputObject(InputObjectTypeExtension)

    /// The name of the extended type.
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

/// `extend scalar Name @dir`.
public struct ScalarTypeExtension: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var range: SourceRange
}

/// `extend type Name implements A @dir { fields }`.
public struct ObjectTypeExtension: Hashable, Sendable {
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var range: SourceRange
}

/// `extend interface Name implements A @dir { fields }`.
public struct InterfaceTypeExtension: Hashable, Sendable {
    public var name: Name
    public var interfaces: [NamedType]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var range: SourceRange
}

/// `extend union Name @dir = A | B`.
public struct UnionTypeExtension: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var types: [NamedType]
    public var range: SourceRange
}

/// `extend enum Name @dir { VALUES }`.
public struct EnumTypeExtension: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var values: [EnumValueDefinition]
    public var range: SourceRange
}

/// `extend input Name @dir { fields }`.
public struct InputObjectTypeExtension: Hashable, Sendable {
    public var name: Name
    public var directives: [Directive]
    public var fields: [InputValueDefinition]
    public var range: SourceRange
}
