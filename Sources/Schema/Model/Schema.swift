/// A complete Data Connect schema: the built-in prelude, the user's types and everything synthesized
/// from them. Later stages query it directly by name.
public struct Schema: Sendable {
    private var types: [String: SchemaType] = [:]
    /// Type names in the order they were added (prelude, user types, generated types).
    public private(set) var typeNames: [String] = []
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

    /// Every type, in the order of `typeNames`.
    public var allTypes: [SchemaType] { typeNames.compactMap { types[$0] } }

    public func type(named name: String) -> SchemaType? { types[name] }
    public func directive(named name: String) -> SchemaDirective? { directives[name] }
    public func entity(named name: String) -> Entity? { entities[name] }

    /// The field `field` of object or interface type `type`.
    public func field(_ field: String, on type: String) -> SchemaField? { self.type(named: type)?.field(named: field) }

    /// Whether `name` is an object, interface or union type, which needs a sub-selection.
    public func isCompositeType(_ name: String) -> Bool { type(named: name)?.isCompositeType ?? false }

    /// The object types a value of composite type `name` can have at run time.
    public func possibleTypes(of name: String) -> Set<String> {
        guard let type = type(named: name) else { return [] }
        switch type.kind {
        case .object: return [name]
        case .union: return Set(type.possibleTypes)
        case .interface: return Set(allTypes.filter { $0.kind == .object && $0.interfaces.contains(name) }.map(\.name))
        default: return []
        }
    }

    /// Whether a value can be of both composite types, so that a fragment on one applies to the other.
    public func typesOverlap(_ a: String, _ b: String) -> Bool {
        a == b || !possibleTypes(of: a).isDisjoint(with: possibleTypes(of: b))
    }

    /// Adds a type; no change when a type of that name exists already, which is returned.
    @discardableResult
    public mutating func add(_ type: SchemaType) -> SchemaType? {
        if let existing = types[type.name] { return existing }
        types[type.name] = type
        typeNames.append(type.name)
        return nil
    }

    /// Adds the synthesis facts of a table or view; no change when its type has some.
    mutating func add(_ entity: Entity) {
        guard entities[entity.name] == nil else { return }
        entities[entity.name] = entity
        entityNames.append(entity.name)
    }

    /// Adds a directive; no change when one of that name exists already.
    public mutating func add(_ directive: SchemaDirective) {
        guard directives[directive.name] == nil else { return }
        directives[directive.name] = directive
        directiveNames.append(directive.name)
    }

    /// Changes type `name` in place, if there is one.
    mutating func modifyType(_ name: String, _ body: (inout SchemaType.Builder) -> Void) {
        guard let type = types[name] else { return }
        var builder = SchemaType.Builder(type)
        body(&builder)
        types[name] = builder.build()
    }
}
