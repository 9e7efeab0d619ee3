/// A named type of the schema: scalar, object, interface, union, enum or input object.
///
/// Members are kept in declaration order with a name index, so both printing and lookups are cheap.
public struct SchemaType: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case scalar, object, interface, union
        case enumType = "enum"
        case inputObject = "input"
    }

    private struct Parts: Sendable {
        let kind: Kind
        let name: String
        var description: String?
        var directives: [DirectiveUse]
        var origin: Origin
        var interfaces: [String]
        var possibleTypes: [String]
        var fields: [SchemaField] = []
        var inputFields: [SchemaInputValue] = []
        var enumValues: [SchemaEnumValue] = []
        var index = MemberIndex()
    }

    // Types are copied out of the schema at many nodes of every stage.
    private var storage: SharedParts<Parts>
    private var writable: SharedParts<Parts> { mutating get { .unique(&storage) } }

    public var kind: Kind { storage.parts.kind }
    public var name: String { storage.parts.name }
    public var description: String? {
        get { storage.parts.description }
        set { writable.parts.description = newValue }
    }
    public var directives: [DirectiveUse] {
        get { storage.parts.directives }
        _modify { yield &writable.parts.directives }
    }
    public var origin: Origin {
        get { storage.parts.origin }
        set { writable.parts.origin = newValue }
    }
    /// Interfaces an object or interface type implements.
    public var interfaces: [String] {
        get { storage.parts.interfaces }
        _modify { yield &writable.parts.interfaces }
    }
    /// Member types of a union.
    public var possibleTypes: [String] {
        get { storage.parts.possibleTypes }
        _modify { yield &writable.parts.possibleTypes }
    }
    /// Fields of an object or interface type.
    public var fields: [SchemaField] { storage.parts.fields }
    /// Fields of an input object type.
    public var inputFields: [SchemaInputValue] { storage.parts.inputFields }
    /// Values of an enum type.
    public var enumValues: [SchemaEnumValue] { storage.parts.enumValues }
    private var index: MemberIndex { storage.parts.index }

    public init(
        kind: Kind, name: String, description: String? = nil, directives: [DirectiveUse] = [],
        origin: Origin = .builtin, interfaces: [String] = [], possibleTypes: [String] = []
    ) {
        storage = SharedParts(Parts(kind: kind, name: name, description: description, directives: directives, origin: origin,
                                    interfaces: interfaces, possibleTypes: possibleTypes))
    }

    /// Sets all members at once; a member whose name repeats an earlier one is dropped, as `add`
    /// would do.
    mutating func setMembers(fields: [SchemaField] = [], inputFields: [SchemaInputValue] = []) {
        let storage = writable
        // The arrays are taken as they are (copying them member by member retained every part of
        // every member) and indexed in place; only a repeated name needs the one-by-one path.
        storage.parts.fields = fields
        storage.parts.inputFields = inputFields
        storage.parts.index = MemberIndex(capacity: fields.count + inputFields.count)
        if fields.indices.allSatisfy({ Self.record(fields[$0].name, list: .fields, position: $0, in: storage) }),
           inputFields.indices.allSatisfy({ Self.record(inputFields[$0].name, list: .inputFields, position: $0, in: storage) }) {
            return
        }
        storage.parts.fields = []
        storage.parts.inputFields = []
        storage.parts.index = MemberIndex(capacity: fields.count + inputFields.count)
        for field in fields { _ = Self.append(field, to: storage) }
        for field in inputFields { _ = Self.append(field, to: storage) }
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
    public mutating func add(_ field: SchemaField) -> Bool { Self.append(field, to: writable) }

    /// Appends fields whose names are new and returns the positions (in `newFields`) of those whose
    /// name was taken, which are left out.
    @discardableResult
    public mutating func add(contentsOf newFields: [SchemaField]) -> [Int] {
        let storage = writable
        var rejected: [Int] = []
        storage.parts.fields.reserveCapacity(storage.parts.fields.count + newFields.count)
        if storage.parts.index.needsRoom(for: newFields.count) {
            storage.parts.index = storage.parts.index.resized(toHold: storage.parts.index.count + newFields.count) { Self.memberName($0, $1, in: storage) }
        }
        for position in newFields.indices where !Self.append(newFields[position], to: storage) { rejected.append(position) }
        return rejected
    }

    /// Appends an input field; false (and no change) when a member of that name exists already.
    @discardableResult
    public mutating func add(_ field: SchemaInputValue) -> Bool { Self.append(field, to: writable) }

    /// Appends an enum value; false (and no change) when a value of that name exists already.
    @discardableResult
    public mutating func add(_ value: SchemaEnumValue) -> Bool {
        let storage = writable
        guard Self.record(value.name, list: .enumValues, position: storage.parts.enumValues.count, in: storage) else { return false }
        storage.parts.enumValues.append(value)
        return true
    }

    // The appends below work on storage this value owns alone (`writable`).

    private static func append(_ field: SchemaField, to storage: SharedParts<Parts>) -> Bool {
        guard record(field.name, list: .fields, position: storage.parts.fields.count, in: storage) else { return false }
        storage.parts.fields.append(field)
        return true
    }

    private static func append(_ field: SchemaInputValue, to storage: SharedParts<Parts>) -> Bool {
        guard record(field.name, list: .inputFields, position: storage.parts.inputFields.count, in: storage) else { return false }
        storage.parts.inputFields.append(field)
        return true
    }

    /// Records a member about to be appended at `position` of `list`; false when the name is taken.
    private static func record(_ name: String, list: MemberIndex.List, position: Int, in storage: SharedParts<Parts>) -> Bool {
        if storage.parts.index.needsRoom(for: 1) {
            storage.parts.index = storage.parts.index.resized(toHold: storage.parts.index.count + 1) { memberName($0, $1, in: storage) }
        }
        switch storage.parts.index.lookup(name, matches: { memberName($0, $1, in: storage) == name }) {
        case .found: return false
        case .vacant(let slot):
            storage.parts.index.fill(slot, list: list, position: position)
            return true
        }
    }

    private func memberName(_ list: MemberIndex.List, _ position: Int) -> String { Self.memberName(list, position, in: storage) }

    private static func memberName(_ list: MemberIndex.List, _ position: Int, in storage: SharedParts<Parts>) -> String {
        switch list {
        case .fields: storage.parts.fields[position].name
        case .inputFields: storage.parts.inputFields[position].name
        case .enumValues: storage.parts.enumValues[position].name
        }
    }

    // The index follows from the members, so equality and hashing leave it out.
    public static func == (lhs: SchemaType, rhs: SchemaType) -> Bool {
        lhs.storage === rhs.storage || lhs.kind == rhs.kind && lhs.name == rhs.name && lhs.description == rhs.description && lhs.directives == rhs.directives
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
