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

/// A field of an object or interface type.
public struct SchemaField: Hashable, Sendable {
    private struct Parts: Hashable, Sendable {
        var name: String
        var description: String?
        var arguments: [SchemaInputValue]
        var type: TypeRef
        var directives: [DirectiveUse]
        var origin: Origin
    }

    // Fields are copied far more often than made (into types, out of lookups, through every stage).
    private var storage: SharedParts<Parts>
    private var writable: SharedParts<Parts> { mutating get { .unique(&storage) } }

    public var name: String {
        get { storage.parts.name }
        set { writable.parts.name = newValue }
    }
    public var description: String? {
        get { storage.parts.description }
        set { writable.parts.description = newValue }
    }
    public var arguments: [SchemaInputValue] {
        get { storage.parts.arguments }
        _modify { yield &writable.parts.arguments }
    }
    public var type: TypeRef {
        get { storage.parts.type }
        set { writable.parts.type = newValue }
    }
    public var directives: [DirectiveUse] {
        get { storage.parts.directives }
        _modify { yield &writable.parts.directives }
    }
    public var origin: Origin {
        get { storage.parts.origin }
        set { writable.parts.origin = newValue }
    }

    public init(
        name: String, type: TypeRef, arguments: [SchemaInputValue] = [], description: String? = nil,
        directives: [DirectiveUse] = [], origin: Origin = .builtin
    ) {
        storage = SharedParts(Parts(name: name, description: description, arguments: arguments, type: type,
                                    directives: directives, origin: origin))
    }

    public static func == (lhs: SchemaField, rhs: SchemaField) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.parts == rhs.storage.parts
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.parts) }

    public func argument(named name: String) -> SchemaInputValue? { arguments.first { $0.name == name } }
    public func directive(named name: String) -> DirectiveUse? { directives.first { $0.name == name } }
    public func hasDirective(_ name: String) -> Bool { directive(named: name) != nil }
}

/// One value of an enum type.
public struct SchemaEnumValue: Hashable, Sendable {
    public var name: String
    public var description: String?
    public var directives: [DirectiveUse]
    public var origin: Origin

    public init(name: String, description: String? = nil, directives: [DirectiveUse] = [], origin: Origin = .builtin) {
        self.name = name
        self.description = description
        self.directives = directives
        self.origin = origin
    }
}

/// A directive declaration: `directive @name(args) repeatable on LOCATIONS`.
public struct SchemaDirective: Hashable, Sendable {
    public var name: String
    public var description: String?
    public var arguments: [SchemaInputValue]
    public var isRepeatable: Bool
    public var locations: [DirectiveLocation]
    public var origin: Origin

    public init(
        name: String, arguments: [SchemaInputValue] = [], isRepeatable: Bool = false,
        locations: [DirectiveLocation], description: String? = nil, origin: Origin = .builtin
    ) {
        self.name = name
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.description = description
        self.origin = origin
    }

    public func argument(named name: String) -> SchemaInputValue? { arguments.first { $0.name == name } }
}
