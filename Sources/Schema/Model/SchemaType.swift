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
    private var index = MemberIndex()

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

    /// Sets all members at once; a member whose name repeats an earlier one is dropped, as `add`
    /// would do.
    mutating func setMembers(fields: [SchemaField] = [], inputFields: [SchemaInputValue] = []) {
        self.fields = []
        self.inputFields = []
        index = MemberIndex(capacity: fields.count + inputFields.count)
        self.fields.reserveCapacity(fields.count)
        self.inputFields.reserveCapacity(inputFields.count)
        for field in fields { add(field) }
        for field in inputFields { add(field) }
    }

    public func field(named name: String) -> SchemaField? {
        guard kind == .object || kind == .interface,
              let entry = index.find(name, matches: { $0 == .fields && fields[$1].name == name }) else { return nil }
        return fields[entry.position]
    }

    public func inputField(named name: String) -> SchemaInputValue? {
        guard kind == .inputObject,
              let entry = index.find(name, matches: { $0 == .inputFields && inputFields[$1].name == name }) else { return nil }
        return inputFields[entry.position]
    }

    public func enumValue(named name: String) -> SchemaEnumValue? {
        guard kind == .enumType,
              let entry = index.find(name, matches: { $0 == .enumValues && enumValues[$1].name == name }) else { return nil }
        return enumValues[entry.position]
    }

    /// Whether a field, input field or enum value of this name exists.
    public func hasMember(_ name: String) -> Bool { index.find(name, matches: { memberName($0, $1) == name }) != nil }

    public func directive(named name: String) -> DirectiveUse? { directives.first { $0.name == name } }
    public func hasDirective(_ name: String) -> Bool { directive(named: name) != nil }

    /// Appends a field; false (and no change) when a member of that name exists already.
    @discardableResult
    public mutating func add(_ field: SchemaField) -> Bool {
        guard record(field.name, list: .fields, position: fields.count) else { return false }
        fields.append(field)
        return true
    }

    /// Appends fields whose names are new and returns the positions (in `newFields`) of those whose
    /// name was taken, which are left out.
    @discardableResult
    public mutating func add(contentsOf newFields: [SchemaField]) -> [Int] {
        var rejected: [Int] = []
        fields.reserveCapacity(fields.count + newFields.count)
        if index.needsRoom(for: newFields.count) {
            index = index.resized(toHold: index.count + newFields.count) { memberName($0, $1) }
        }
        for position in newFields.indices where !add(newFields[position]) { rejected.append(position) }
        return rejected
    }

    /// Appends an input field; false (and no change) when a member of that name exists already.
    @discardableResult
    public mutating func add(_ field: SchemaInputValue) -> Bool {
        guard record(field.name, list: .inputFields, position: inputFields.count) else { return false }
        inputFields.append(field)
        return true
    }

    /// Appends an enum value; false (and no change) when a value of that name exists already.
    @discardableResult
    public mutating func add(_ value: SchemaEnumValue) -> Bool {
        guard record(value.name, list: .enumValues, position: enumValues.count) else { return false }
        enumValues.append(value)
        return true
    }

    /// Records a member about to be appended at `position` of `list`; false when the name is taken.
    private mutating func record(_ name: String, list: MemberIndex.List, position: Int) -> Bool {
        if index.needsRoom(for: 1) { index = index.resized(toHold: index.count + 1) { memberName($0, $1) } }
        switch index.lookup(name, matches: { memberName($0, $1) == name }) {
        case .found: return false
        case .vacant(let slot):
            index.fill(slot, list: list, position: position)
            return true
        }
    }

    private func memberName(_ list: MemberIndex.List, _ position: Int) -> String {
        switch list {
        case .fields: fields[position].name
        case .inputFields: inputFields[position].name
        case .enumValues: enumValues[position].name
        }
    }

    // The index follows from the members, so equality and hashing leave it out.
    public static func == (lhs: SchemaType, rhs: SchemaType) -> Bool {
        lhs.kind == rhs.kind && lhs.name == rhs.name && lhs.description == rhs.description && lhs.directives == rhs.directives
            && lhs.origin == rhs.origin && lhs.interfaces == rhs.interfaces && lhs.possibleTypes == rhs.possibleTypes
            && lhs.fields == rhs.fields && lhs.inputFields == rhs.inputFields && lhs.enumValues == rhs.enumValues
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(name)
        hasher.combine(fields.count + inputFields.count + enumValues.count)
    }

    mutating func apply(_ body: (inout SchemaType) -> Void) { body(&self) }
}
