/// A named type of the schema: scalar, object, interface, union, enum or input object.
///
/// Members are kept in declaration order with a name index, so both printing and lookups are cheap.
public struct SchemaType: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case scalar, object, interface, union
        case enumType = "enum"
        case inputObject = "input"
    }

    public let kind: Kind
    public let name: String
    public var description: String?
    public var directives: [DirectiveUse]
    public var origin: Origin
    /// Interfaces an object or interface type implements.
    public var interfaces: [String]
    /// Member types of a union.
    public var possibleTypes: [String]
    /// Fields of an object or interface type.
    public private(set) var fields: [SchemaField] = []
    /// Fields of an input object type.
    public private(set) var inputFields: [SchemaInputValue] = []
    /// Values of an enum type.
    public private(set) var enumValues: [SchemaEnumValue] = []
    private var index: [String: Int] = [:]

    public init(
        kind: Kind, name: String, description: String? = nil, directives: [DirectiveUse] = [],
        origin: Origin = .builtin, interfaces: [String] = [], possibleTypes: [String] = []
    ) {
        self.kind = kind
        self.name = name
        self.description = description
        self.directives = directives
        self.origin = origin
        self.interfaces = interfaces
        self.possibleTypes = possibleTypes
    }

    /// Sets all members at once (faster than adding one by one); a member whose name repeats an
    /// earlier one is dropped, as `add` would do.
    mutating func setMembers(fields: [SchemaField] = [], inputFields: [SchemaInputValue] = []) {
        index.reserveCapacity(fields.count + inputFields.count)
        var unique = true
        for (position, field) in fields.enumerated() where index.updateValue(position, forKey: field.name) != nil { unique = false }
        for (position, field) in inputFields.enumerated() where index.updateValue(position, forKey: field.name) != nil { unique = false }
        guard unique else {
            index = [:]
            self.fields = []
            self.inputFields = []
            for field in fields { add(field) }
            for field in inputFields { add(field) }
            return
        }
        self.fields = fields
        self.inputFields = inputFields
    }

    public func field(named name: String) -> SchemaField? {
        guard kind == .object || kind == .interface, let position = index[name] else { return nil }
        return fields[position]
    }

    public func inputField(named name: String) -> SchemaInputValue? {
        guard kind == .inputObject, let position = index[name] else { return nil }
        return inputFields[position]
    }

    public func enumValue(named name: String) -> SchemaEnumValue? {
        guard kind == .enumType, let position = index[name] else { return nil }
        return enumValues[position]
    }

    /// Whether a field, input field or enum value of this name exists.
    public func hasMember(_ name: String) -> Bool { index[name] != nil }

    public func directive(named name: String) -> DirectiveUse? { directives.first { $0.name == name } }
    public func hasDirective(_ name: String) -> Bool { directive(named: name) != nil }

    /// Appends a field; false (and no change) when a member of that name exists already.
    @discardableResult
    public mutating func add(_ field: SchemaField) -> Bool {
        guard index[field.name] == nil else { return false }
        index[field.name] = fields.count
        fields.append(field)
        return true
    }

    /// Appends an input field; false (and no change) when a member of that name exists already.
    @discardableResult
    public mutating func add(_ field: SchemaInputValue) -> Bool {
        guard index[field.name] == nil else { return false }
        index[field.name] = inputFields.count
        inputFields.append(field)
        return true
    }

    /// Appends an enum value; false (and no change) when a value of that name exists already.
    @discardableResult
    public mutating func add(_ value: SchemaEnumValue) -> Bool {
        guard index[value.name] == nil else { return false }
        index[value.name] = enumValues.count
        enumValues.append(value)
        return true
    }

    mutating func apply(_ body: (inout SchemaType) -> Void) { body(&self) }
}
