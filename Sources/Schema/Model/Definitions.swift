import GraphQL

/// A directive applied to a schema element, e.g. `@fdc_oneOf(group: "eq")`.
public struct DirectiveUse: Hashable, Sendable {
    public var name: String
    public var arguments: [ConstValue.ObjectField]
    public var origin: Origin

    public init(_ name: String, _ arguments: [ConstValue.ObjectField] = [], origin: Origin = .builtin) {
        self.name = name
        self.arguments = arguments
        self.origin = origin
    }

    /// The value given for argument `name`, if any.
    public func argument(_ name: String) -> ConstValue? {
        arguments.first { $0.name == name }?.value
    }
}

/// An argument of a field or directive, or a field of an input object.
public struct SchemaInputValue: Hashable, Sendable {
    public var name: String
    public var type: TypeRef
    public var origin: Origin
    /// Description, default and directives; synthesis shares one box among members alike.
    public var details: InputValueDetails

    public var description: String? { details.description }
    public var defaultValue: ConstValue? { details.defaultValue }
    public var directives: [DirectiveUse] { details.directives }

    public init(
        name: String, type: TypeRef, defaultValue: ConstValue? = nil, description: String? = nil,
        directives: [DirectiveUse] = [], origin: Origin = .builtin
    ) {
        let isPlain = defaultValue == nil && description == nil && directives.isEmpty
        self.init(name: name, type: type, details: isPlain ? .none : InputValueDetails(
            description: description, defaultValue: defaultValue, directives: directives), origin: origin)
    }

    public init(name: String, type: TypeRef, details: InputValueDetails, origin: Origin = .builtin) {
        self.name = name
        self.type = type
        self.details = details
        self.origin = origin
    }

    public func hasDirective(_ name: String) -> Bool { directives.contains { $0.name == name } }

    /// Marked `@fdc_forbiddenInVariables`: may be written inline but not inside a variable's value.
    public var isForbiddenInVariables: Bool { hasDirective(BuiltinName.forbiddenInVariables) }
}

/// A field of an object or interface type; immutable and shared by reference, like its type.
public final class SchemaField: Hashable, Sendable {
    public let name: String
    public let description: String?
    public let arguments: [SchemaInputValue]
    public let type: TypeRef
    public let directives: [DirectiveUse]
    public let origin: Origin

    public init(
        name: String, type: TypeRef, arguments: [SchemaInputValue] = [], description: String? = nil,
        directives: [DirectiveUse] = [], origin: Origin = .builtin
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.origin = origin
    }

    public static func == (lhs: SchemaField, rhs: SchemaField) -> Bool {
        lhs === rhs || lhs.name == rhs.name && lhs.description == rhs.description && lhs.arguments == rhs.arguments
            && lhs.type == rhs.type && lhs.directives == rhs.directives && lhs.origin == rhs.origin
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(type)
    }

    public func directive(named name: String) -> DirectiveUse? { directives.first { $0.name == name } }
    public func hasDirective(_ name: String) -> Bool { directive(named: name) != nil }
}

/// One value of an enum type.
public struct SchemaEnumValue: Hashable, Sendable {
    public var name: String
    public var description: String?
    public var directives: [DirectiveUse] = []
    public var origin: Origin = .builtin
}

/// A directive declaration: `directive @name(args) repeatable on LOCATIONS`.
public struct SchemaDirective: Hashable, Sendable {
    public var name: String
    public var description: String?
    public var arguments: [SchemaInputValue]
    public var isRepeatable: Bool
    public var locations: [DirectiveLocation]
    public var origin: Origin

    public func argument(named name: String) -> SchemaInputValue? { arguments.first { $0.name == name } }
}
