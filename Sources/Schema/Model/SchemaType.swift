/// A named type of the schema: scalar, object, interface, union, enum or input object.
///
/// Members are kept in declaration order with a name index, so both printing and lookups are cheap.
public struct SchemaType: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case scalar, object, interface, union
        case enumType = "enum"
        case inputObject = "input"
    }

    /// Everything a type holds, in one box: types are copied out of the schema at many nodes of
    /// every stage, and copying a box costs one reference count instead of one per member list.
    ///
    /// Its members skip run-time exclusivity checks, which would cost more than the copies saved:
    /// they are changed only through `writable`, inside a mutating method of the one value that
    /// owns the storage, so no two accesses can overlap.
    private final class Storage: @unchecked Sendable {
        let kind: Kind
        let name: String
        @exclusivity(unchecked) var description: String?
        @exclusivity(unchecked) var directives: [DirectiveUse]
        @exclusivity(unchecked) var origin: Origin
        @exclusivity(unchecked) var interfaces: [String]
        @exclusivity(unchecked) var possibleTypes: [String]
        @exclusivity(unchecked) var fields: [SchemaField] = []
        @exclusivity(unchecked) var inputFields: [SchemaInputValue] = []
        @exclusivity(unchecked) var enumValues: [SchemaEnumValue] = []
        @exclusivity(unchecked) var index = MemberIndex()

        init(kind: Kind, name: String, description: String?, directives: [DirectiveUse], origin: Origin, interfaces: [String], possibleTypes: [String]) {
            self.kind = kind
            self.name = name
            self.description = description
            self.directives = directives
            self.origin = origin
            self.interfaces = interfaces
            self.possibleTypes = possibleTypes
        }

        func copy() -> Storage {
            let copy = Storage(kind: kind, name: name, description: description, directives: directives, origin: origin,
                               interfaces: interfaces, possibleTypes: possibleTypes)
            copy.fields = fields
            copy.inputFields = inputFields
            copy.enumValues = enumValues
            copy.index = index
            return copy
        }
    }

    // Sendable: the storage is only changed through `writable`, which copies it unless this value
    // is its only owner, so no other thread can see the change.
    private var storage: Storage

    /// The storage, copied first when another value shares it.
    private var writable: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    public var kind: Kind { storage.kind }
    public var name: String { storage.name }
    public var description: String? {
        get { storage.description }
        set { writable.description = newValue }
    }
    public var directives: [DirectiveUse] {
        get { storage.directives }
        _modify { yield &writable.directives }
    }
    public var origin: Origin {
        get { storage.origin }
        set { writable.origin = newValue }
    }
    /// Interfaces an object or interface type implements.
    public var interfaces: [String] {
        get { storage.interfaces }
        _modify { yield &writable.interfaces }
    }
    /// Member types of a union.
    public var possibleTypes: [String] {
        get { storage.possibleTypes }
        _modify { yield &writable.possibleTypes }
    }
    /// Fields of an object or interface type.
    public var fields: [SchemaField] { storage.fields }
    /// Fields of an input object type.
    public var inputFields: [SchemaInputValue] { storage.inputFields }
    /// Values of an enum type.
    public var enumValues: [SchemaEnumValue] { storage.enumValues }
    private var index: MemberIndex { storage.index }

    public init(
        kind: Kind, name: String, description: String? = nil, directives: [DirectiveUse] = [],
        origin: Origin = .builtin, interfaces: [String] = [], possibleTypes: [String] = []
    ) {
        storage = Storage(kind: kind, name: name, description: description, directives: directives, origin: origin,
                          interfaces: interfaces, possibleTypes: possibleTypes)
    }

    /// Sets all members at once; a member whose name repeats an earlier one is dropped, as `add`
    /// would do.
    mutating func setMembers(fields: [SchemaField] = [], inputFields: [SchemaInputValue] = []) {
        let storage = writable
        storage.fields = []
        storage.inputFields = []
        storage.index = MemberIndex(capacity: fields.count + inputFields.count)
        storage.fields.reserveCapacity(fields.count)
        storage.inputFields.reserveCapacity(inputFields.count)
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
        storage.fields.reserveCapacity(storage.fields.count + newFields.count)
        if storage.index.needsRoom(for: newFields.count) {
            storage.index = storage.index.resized(toHold: storage.index.count + newFields.count) { Self.memberName($0, $1, in: storage) }
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
        guard Self.record(value.name, list: .enumValues, position: storage.enumValues.count, in: storage) else { return false }
        storage.enumValues.append(value)
        return true
    }

    // The appends below work on storage this value owns alone (`writable`).

    private static func append(_ field: SchemaField, to storage: Storage) -> Bool {
        guard record(field.name, list: .fields, position: storage.fields.count, in: storage) else { return false }
        storage.fields.append(field)
        return true
    }

    private static func append(_ field: SchemaInputValue, to storage: Storage) -> Bool {
        guard record(field.name, list: .inputFields, position: storage.inputFields.count, in: storage) else { return false }
        storage.inputFields.append(field)
        return true
    }

    /// Records a member about to be appended at `position` of `list`; false when the name is taken.
    private static func record(_ name: String, list: MemberIndex.List, position: Int, in storage: Storage) -> Bool {
        if storage.index.needsRoom(for: 1) {
            storage.index = storage.index.resized(toHold: storage.index.count + 1) { memberName($0, $1, in: storage) }
        }
        switch storage.index.lookup(name, matches: { memberName($0, $1, in: storage) == name }) {
        case .found: return false
        case .vacant(let slot):
            storage.index.fill(slot, list: list, position: position)
            return true
        }
    }

    private func memberName(_ list: MemberIndex.List, _ position: Int) -> String { Self.memberName(list, position, in: storage) }

    private static func memberName(_ list: MemberIndex.List, _ position: Int, in storage: Storage) -> String {
        switch list {
        case .fields: storage.fields[position].name
        case .inputFields: storage.inputFields[position].name
        case .enumValues: storage.enumValues[position].name
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
