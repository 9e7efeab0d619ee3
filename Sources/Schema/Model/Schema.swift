/// A complete Data Connect schema: the built-in prelude, the user's types and everything synthesized
/// from them. Later stages query it directly by name.
public struct Schema: Sendable {
    /// Every type, in the order added (prelude, user types, generated types).
    public private(set) var allTypes: [SchemaType] = []
    /// Type names in the order of `allTypes`.
    public private(set) var typeNames: [String] = []
    /// Each type's position in `allTypes`, by name.
    private var typePositions: [String: Int] = [:]
    public private(set) var directives: [String: SchemaDirective] = [:]
    /// Directive names in the order they were added.
    public private(set) var directiveNames: [String] = []
    /// The user's tables and views with their synthesis facts, by type name.
    private var entities: [String: Entity] = [:]
    /// Entity type names in declaration order.
    public private(set) var entityNames: [String] = []

    public init() {}

    public static let queryTypeName = "Query"
    public static let mutationTypeName = "Mutation"

    public func type(named name: String) -> SchemaType? { typePositions[name].map { allTypes[$0] } }
    public func directive(named name: String) -> SchemaDirective? { directives[name] }
    public func entity(named name: String) -> Entity? { entities[name] }

    public var queryType: SchemaType? { type(named: Self.queryTypeName) }
    public var mutationType: SchemaType? { type(named: Self.mutationTypeName) }

    /// The field `field` of object or interface type `type`.
    public func field(_ field: String, on type: String) -> SchemaField? { self.type(named: type)?.field(named: field) }

    /// Whether `name` may be used as an argument or variable type (scalar, enum or input object).
    public func isInputType(_ name: String) -> Bool {
        guard let kind = type(named: name)?.kind else { return false }
        return kind == .scalar || kind == .enumType || kind == .inputObject
    }

    /// Whether `name` may be the type of a field (anything but an input object).
    public func isOutputType(_ name: String) -> Bool {
        guard let kind = type(named: name)?.kind else { return false }
        return kind != .inputObject
    }

    /// Whether `name` is a leaf type (scalar or enum), selected without a sub-selection.
    public func isLeafType(_ name: String) -> Bool {
        guard let kind = type(named: name)?.kind else { return false }
        return kind == .scalar || kind == .enumType
    }

    /// Whether `name` is an object, interface or union type, which needs a sub-selection.
    public func isCompositeType(_ name: String) -> Bool {
        guard let kind = type(named: name)?.kind else { return false }
        return kind == .object || kind == .interface || kind == .union
    }

    /// Adds a type; false (and no change) when a type of that name exists already.
    @discardableResult
    public mutating func add(_ type: SchemaType) -> Bool {
        guard typePositions[type.name] == nil else { return false }
        typePositions[type.name] = allTypes.count
        allTypes.append(type)
        typeNames.append(type.name)
        return true
    }

    /// Adds the synthesis facts of a table or view; false (and no change) when its type has some.
    @discardableResult
    mutating func add(_ entity: Entity) -> Bool {
        guard entities[entity.name] == nil else { return false }
        entities[entity.name] = entity
        entityNames.append(entity.name)
        return true
    }

    /// Adds a directive; false (and no change) when one of that name exists already.
    @discardableResult
    public mutating func add(_ directive: SchemaDirective) -> Bool {
        guard directives[directive.name] == nil else { return false }
        directives[directive.name] = directive
        directiveNames.append(directive.name)
        return true
    }

    /// Changes type `name` in place; false when there is no such type.
    @discardableResult
    mutating func modifyType(_ name: String, _ body: (inout SchemaType.Builder) -> Void) -> Bool {
        guard let position = typePositions[name] else { return false }
        var builder = SchemaType.Builder(allTypes[position])
        body(&builder)
        allTypes[position] = builder.build()
        return true
    }
}
